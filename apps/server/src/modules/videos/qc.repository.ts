import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { QcCheck, QcFacts } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { videoQc, videos } from '../../db/schema/index';

/** SQL of videos' technical checks (issue 51): one `video_qc` row per video. */

/**
 * The video's QC row, made `pending` if it had none; undefined when the video is gone. Safe to
 * call again: an existing row is returned as it is.
 */
export async function ensurePendingQc(db: DbOrTx, videoId: number) {
  await db.insert(videoQc).values({ videoId }).onConflictDoNothing();
  return findQcState(db, videoId);
}

/** The row's status and whether its job was handed to the queue. */
export async function findQcState(db: DbOrTx, videoId: number) {
  const [row] = await db
    .select({ status: videoQc.status, queuedAt: videoQc.queuedAt })
    .from(videoQc)
    .where(eq(videoQc.videoId, videoId));
  return row;
}

/** A pending row whose job was never sent, or was sent before `staleBefore` and never finished. */
const awaitingQueue = (staleBefore: Date) =>
  and(eq(videoQc.status, 'pending'), or(isNull(videoQc.queuedAt), lt(videoQc.queuedAt, staleBefore)));

/**
 * Claims the sending of the check's job: true for the one caller (of any process) that marks a
 * pending row as queued, when it was never queued or its claim is older than `staleBefore` (the
 * claiming process died before sending, or the job was lost); false for everyone else.
 */
export async function claimQcQueue(db: DbOrTx, videoId: number, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .update(videoQc)
    .set({ queuedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(videoQc.videoId, videoId), awaitingQueue(staleBefore)))
    .returning({ videoId: videoQc.videoId });
  return claimed.length > 0;
}

/** Gives a claim back when the job could not be sent: a later call (or sweep) sends it. */
export async function releaseQcQueue(db: DbOrTx, videoId: number): Promise<void> {
  await db
    .update(videoQc)
    .set({ queuedAt: null, updatedAt: new Date() })
    .where(and(eq(videoQc.videoId, videoId), eq(videoQc.status, 'pending')));
}

/**
 * Playable videos whose check was never queued (no row: processed before QC existed; a pending
 * row without `queued_at`: made by a process without a queue, the demo seed) or whose claim went
 * stale (before `staleBefore`), by id after `afterId`, `limit` at most: one batch of the backfill
 * sweep.
 */
export async function findVideosAwaitingQc(db: DbOrTx, afterId: number, limit: number, staleBefore: Date) {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .leftJoin(videoQc, eq(videoQc.videoId, videos.id))
    .where(
      and(
        eq(videos.status, 'ready'),
        gt(videos.id, afterId),
        or(isNull(videoQc.videoId), awaitingQueue(staleBefore)),
      ),
    )
    .orderBy(asc(videos.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The report as stored; undefined before the video's processing was done. */
export async function findQc(db: DbOrTx, videoId: number) {
  const [row] = await db
    .select({
      status: videoQc.status,
      checks: videoQc.checks,
      facts: videoQc.facts,
      error: videoQc.error,
      analysedAt: videoQc.analysedAt,
    })
    .from(videoQc)
    .where(eq(videoQc.videoId, videoId));
  return row;
}
export type QcRow = NonNullable<Awaited<ReturnType<typeof findQc>>>;

/**
 * Stores the check's outcome: its checks and measurements, or why it could not run. Nothing is
 * written for a video deleted meanwhile (its row went with it).
 */
export async function saveQc(
  db: DbOrTx,
  videoId: number,
  outcome: { status: 'done'; checks: QcCheck[]; facts: QcFacts } | { status: 'failed'; error: string },
): Promise<void> {
  const now = new Date();
  await db
    .update(videoQc)
    .set({
      analysedAt: now,
      updatedAt: now,
      ...(outcome.status === 'done'
        ? { status: 'done', checks: outcome.checks, facts: outcome.facts, error: null }
        : { status: 'failed', checks: sql`'[]'::jsonb`, facts: null, error: outcome.error.slice(0, 2000) }),
    })
    .where(eq(videoQc.videoId, videoId));
}
