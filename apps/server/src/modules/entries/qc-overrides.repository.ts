import { and, desc, eq, isNull } from 'drizzle-orm';
import type { QcCheckId } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { entryQcOverrides, entryQcRefusals, entryVersions } from '../../db/schema/index';

/**
 * SQL of staff's exceptions to a contest's blocking technical checks, and of the submissions the
 * gate refused (issue 51).
 */

/** Whether staff let this video into this contest whatever its technical check says. */
export async function hasQcOverride(db: DbOrTx, contestId: number, videoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: entryQcOverrides.id })
    .from(entryQcOverrides)
    .where(and(eq(entryQcOverrides.contestId, contestId), eq(entryQcOverrides.videoId, videoId)));
  return !!row;
}

/** The video of the entry's newest version. */
export async function currentVersionVideo(db: DbOrTx, entryId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ videoId: entryVersions.videoId })
    .from(entryVersions)
    .where(eq(entryVersions.entryId, entryId))
    .orderBy(desc(entryVersions.version))
    .limit(1);
  return row?.videoId ?? undefined;
}

/**
 * Records the override (one per contest and video: asked again, the newest reason stands) and
 * returns it with what it replaced, for the audit.
 */
export async function saveQcOverride(
  tx: DbOrTx,
  values: { contestId: number; videoId: number; entryId: number | null; reason: string; createdBy: number },
) {
  const [before] = await tx
    .select({ reason: entryQcOverrides.reason })
    .from(entryQcOverrides)
    .where(
      and(eq(entryQcOverrides.contestId, values.contestId), eq(entryQcOverrides.videoId, values.videoId)),
    );
  const [saved] = await tx
    .insert(entryQcOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: [entryQcOverrides.contestId, entryQcOverrides.videoId],
      set: {
        reason: values.reason,
        // Asked again without an entry (a held first submission), it keeps the entry it had.
        ...(values.entryId === null ? {} : { entryId: values.entryId }),
        createdBy: values.createdBy,
        createdAt: new Date(),
      },
    })
    .returning({
      entryId: entryQcOverrides.entryId,
      contestId: entryQcOverrides.contestId,
      videoId: entryQcOverrides.videoId,
      reason: entryQcOverrides.reason,
      createdAt: entryQcOverrides.createdAt,
    });
  return { before: before ?? null, saved: saved! };
}

/** A refused submission: one row per contest and video, a repeat refusal updating it. */
export async function recordQcRefusal(
  db: DbOrTx,
  values: { contestId: number; videoId: number; userId: number; checks: QcCheckId[]; refusedAt: Date },
): Promise<void> {
  await db
    .insert(entryQcRefusals)
    .values(values)
    .onConflictDoUpdate({
      target: [entryQcRefusals.contestId, entryQcRefusals.videoId],
      set: { userId: values.userId, checks: values.checks, refusedAt: values.refusedAt },
    });
}

const refusalColumns = {
  contestId: entryQcRefusals.contestId,
  videoId: entryQcRefusals.videoId,
  userId: entryQcRefusals.userId,
  checks: entryQcRefusals.checks,
  refusedAt: entryQcRefusals.refusedAt,
};
export interface QcRefusalRecord {
  contestId: number;
  videoId: number;
  userId: number;
  checks: QcCheckId[];
  refusedAt: Date;
}

/**
 * The contest's refused submissions staff have not let through (with `videoId`: that one),
 * newest refusal first.
 */
export function heldQcRefusals(db: DbOrTx, contestId: number, videoId?: number): Promise<QcRefusalRecord[]> {
  return db
    .select(refusalColumns)
    .from(entryQcRefusals)
    .leftJoin(
      entryQcOverrides,
      and(
        eq(entryQcOverrides.contestId, entryQcRefusals.contestId),
        eq(entryQcOverrides.videoId, entryQcRefusals.videoId),
      ),
    )
    .where(
      and(
        eq(entryQcRefusals.contestId, contestId),
        videoId === undefined ? undefined : eq(entryQcRefusals.videoId, videoId),
        isNull(entryQcOverrides.id),
      ),
    )
    .orderBy(desc(entryQcRefusals.refusedAt), desc(entryQcRefusals.id));
}

/** The video is entered in the contest now: its refusal is no longer held. */
export async function clearQcRefusal(tx: DbOrTx, contestId: number, videoId: number): Promise<void> {
  await tx
    .delete(entryQcRefusals)
    .where(and(eq(entryQcRefusals.contestId, contestId), eq(entryQcRefusals.videoId, videoId)));
}
