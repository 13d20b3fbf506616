import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entryQcOverrides, entryVersions } from '../../db/schema/index';

/** SQL of staff's exceptions to a contest's blocking technical checks (issue 51). */

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
  values: { contestId: number; videoId: number; entryId: number; reason: string; createdBy: number },
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
        entryId: values.entryId,
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
