import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playDays, playMarks, playTotals } from '../../db/schema/index';
import type { entryVideosOf } from '../entries/entry-reads';

/** SQL of the play statistics: the dedup marks and the per-day and per-video aggregates. */

const TENTHS = 11;

/** The numbers one beacon adds: plays, viewers and the tenths newly reached (0/1 each). */
export interface PlayDelta {
  plays: number;
  viewers: number;
  reached: number[];
}

/**
 * Marks `tenths` of (video, day, session) as seen and returns those that were not seen before:
 * the deduplication. Marks of days before `day - 1` are deleted now and then by the caller.
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

/** Deletes the marks of days before `day - 1`: what keeps `play_marks` to two days of viewing. */
export async function pruneMarks(db: DbOrTx, day: string): Promise<void> {
  await db.delete(playMarks).where(sql`${playMarks.day} < ${day}::date - 1`);
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
