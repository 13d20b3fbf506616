import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playClients, playDays, playMarks, playTotals } from '../../db/schema/index';
import type { entryVideosOf } from '../entries';

/** SQL of the play statistics: the dedup marks and the per-day and per-video aggregates. */

const TENTHS = 11;

/** The mark of a session's play (its first `start` of the day), kept beside its tenths 0…10. */
export const PLAY_MARK = -1;

/** The numbers one beacon adds: plays, viewers and the tenths newly reached (0/1 each). */
export interface PlayDelta {
  plays: number;
  viewers: number;
  reached: number[];
}

/**
 * Marks `tenths` of (video, day, session) as seen and returns those that were not seen before:
 * the deduplication (`PLAY_MARK` among them for a play). Marks of days before `day - 1` are
 * deleted now and then by the caller.
 */
export async function markTenths(
  tx: DbOrTx,
  mark: { videoId: number; day: string; session: string },
  tenths: number[],
): Promise<number[]> {
  const rows = await tx
    .insert(playMarks)
    .values(tenths.map((tenth) => ({ ...mark, tenth })))
    .onConflictDoNothing()
    .returning({ tenth: playMarks.tenth });
  return rows.map((row) => row.tenth);
}

/** Deletes every mark of (video, day, session): a session that is not counted leaves none. */
export async function forgetSession(
  tx: DbOrTx,
  mark: { videoId: number; day: string; session: string },
): Promise<void> {
  await tx
    .delete(playMarks)
    .where(
      and(
        eq(playMarks.videoId, mark.videoId),
        eq(playMarks.day, mark.day),
        eq(playMarks.session, mark.session),
      ),
    );
}

/**
 * Counts one more viewer session of `client` for (video, day) unless it has `limit` already, and
 * says whether it did. One statement on the client's row, which it locks: concurrent sessions of
 * one client, in any process, are admitted one after the other and never past the limit.
 */
export async function admitSession(
  tx: DbOrTx,
  key: { videoId: number; day: string; client: string },
  limit: number,
): Promise<boolean> {
  const rows = await tx
    .insert(playClients)
    .values({ ...key, sessions: 1 })
    .onConflictDoUpdate({
      target: [playClients.videoId, playClients.day, playClients.client],
      set: { sessions: sql`${playClients.sessions} + 1` },
      setWhere: sql`${playClients.sessions} < ${limit}`,
    })
    .returning({ sessions: playClients.sessions });
  return rows.length > 0;
}

/**
 * Deletes the marks and client counts of days before `day - 1`: what keeps `play_marks` and
 * `play_clients` to two days of viewing.
 */
export async function pruneMarks(db: DbOrTx, day: string): Promise<void> {
  await db.delete(playMarks).where(sql`${playMarks.day} < ${day}::date - 1`);
  await db.delete(playClients).where(sql`${playClients.day} < ${day}::date - 1`);
}

/** Elementwise sum of the stored array and the delta's (both 11 long). */
const addReached = (column: string) =>
  sql.raw(
    `array(select a + b from unnest(${column}.reached, excluded.reached) with ordinality as t(a, b, i) order by i)`,
  );

/** Adds `delta` to the video's row of `day` and to its totals (inserting either when missing). */
export async function addPlays(tx: DbOrTx, videoId: number, day: string, delta: PlayDelta): Promise<void> {
  const reached = `{${delta.reached.join(',')}}`;
  await tx
    .insert(playDays)
    .values({ videoId, day, plays: delta.plays, viewers: delta.viewers, reached: sql`${reached}::int[]` })
    .onConflictDoUpdate({
      target: [playDays.videoId, playDays.day],
      set: {
        plays: sql`${playDays.plays} + excluded.plays`,
        viewers: sql`${playDays.viewers} + excluded.viewers`,
        reached: addReached('play_days'),
      },
    });
  await tx
    .insert(playTotals)
    .values({ videoId, plays: delta.plays, viewers: delta.viewers, reached: sql`${reached}::int[]` })
    .onConflictDoUpdate({
      target: playTotals.videoId,
      set: {
        plays: sql`${playTotals.plays} + excluded.plays`,
        viewers: sql`${playTotals.viewers} + excluded.viewers`,
        reached: addReached('play_totals'),
      },
    });
}

export interface PlayTotalsRow {
  videoId: number;
  plays: number;
  viewers: number;
  reached: number[];
}

/** The totals of these videos (videos never played are absent); ids travel as one array parameter. */
export async function findTotals(db: DbOrTx, videoIds: number[]): Promise<PlayTotalsRow[]> {
  if (!videoIds.length) return [];
  const ids = `{${videoIds.map((id) => Math.trunc(id)).join(',')}}`;
  return db
    .select({
      videoId: playTotals.videoId,
      plays: playTotals.plays,
      viewers: playTotals.viewers,
      reached: playTotals.reached,
    })
    .from(playTotals)
    .where(sql`${playTotals.videoId} = any(${ids}::int[])`);
}

export const emptyReached = (): number[] => Array.from({ length: TENTHS }, () => 0);

/**
 * The `limit` most played entries (then the lower entry id) with their plays summed over every
 * version's video, in one statement: `entryVideos` (the entries module's subquery) joined to the
 * totals, grouped and ranked in SQL, so only the rows shown leave the database. `videoId` is the
 * newest version's video (it names the entry).
 */
export async function mostPlayedEntries(
  db: DbOrTx,
  entryVideos: ReturnType<typeof entryVideosOf>,
  limit: number,
) {
  const plays = sql<number>`coalesce(sum(${playTotals.plays}), 0)::int`;
  const reachedSum = Array.from(
    { length: TENTHS },
    (_, i) => sql`coalesce(sum(${playTotals.reached}[${sql.raw(String(i + 1))}]), 0)`,
  );
  return db
    .select({
      entryId: sql<number>`${entryVideos.entryId}`,
      videoId: sql<number>`(array_agg(${entryVideos.videoId} order by ${entryVideos.version} desc))[1]`,
      plays,
      viewers: sql<number>`coalesce(sum(${playTotals.viewers}), 0)::int`,
      reached: sql<number[]>`array[${sql.join(reachedSum, sql`, `)}]::int[]`,
    })
    .from(entryVideos)
    .leftJoin(playTotals, eq(playTotals.videoId, entryVideos.videoId))
    .groupBy(entryVideos.entryId)
    .orderBy(desc(plays), entryVideos.entryId)
    .limit(limit);
}
