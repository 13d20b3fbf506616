import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { videos } from '../../db/schema/index';
import type { Caller } from '../../plugins/auth';
import { createVideoViews, type VideosServiceDeps } from './video-views';
import type { VideosPorts } from './videos.ports';

/**
 * What other modules ask of videos beside the videos API (issue 33, insights): whether a caller
 * may see a video, the ids and titles of videos, and the upload and processing numbers of the
 * staff overview. Id lists in, one query each.
 */

/** `(id, user)` → resolves when `user` (or an anonymous visitor) may see the video; 404 otherwise. */
export function createVideoVisibility(deps: VideosServiceDeps, ports: VideosPorts) {
  const views = createVideoViews(deps, ports);
  return async (id: number, user: Caller | undefined): Promise<void> => {
    await views.loadVisible(id, user);
  };
}

/** The ids of a user's videos, newest first. */
export async function videoIdsOfOwner(db: DbOrTx, ownerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.ownerId, ownerId))
    .orderBy(sql`${videos.createdAt} desc`);
  return rows.map((row) => row.id);
}

/** The titles of these videos, by id. */
export async function videoTitlesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(inArray(videos.id, unique));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Per UTC day since `since`: videos uploaded, and of those, failed processing. */
export async function uploadsByDay(db: DbOrTx, since: Date) {
  const day = sql<string>`to_char(${videos.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      date: day,
      uploads: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${videos.status} = 'failed'))::int`,
    })
    .from(videos)
    .where(sql`${videos.createdAt} >= ${since.toISOString()}`)
    .groupBy(day);
  return rows;
}

/** Per UTC day since `since`: the median and 95th percentile of upload → playable, in seconds. */
export async function processingTimesByDay(db: DbOrTx, since: Date) {
  const day = sql<string>`to_char(${videos.processedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const seconds = sql`extract(epoch from (${videos.processedAt} - ${videos.createdAt}))`;
  return db
    .select({
      date: day,
      p50: sql<number>`percentile_cont(0.5) within group (order by ${seconds})::float8`,
      p95: sql<number>`percentile_cont(0.95) within group (order by ${seconds})::float8`,
    })
    .from(videos)
    .where(sql`${videos.processedAt} >= ${since.toISOString()}`)
    .groupBy(day);
}

/**
 * The review queue now (videos waiting for staff's decision whose processing did not fail): how
 * many, since when the oldest waits, and how many have waited under a day, 1–3 days, 3–7 days and
 * longer — counted in SQL from `videos_review_idx`.
 */
export async function reviewQueueAges(db: DbOrTx, now: Date) {
  const age = sql`(${now.toISOString()}::timestamptz - ${videos.createdAt})`;
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldest: sql<
        string | null
      >`to_char(min(${videos.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      underDay: sql<number>`(count(*) filter (where ${age} < interval '1 day'))::int`,
      upTo3: sql<number>`(count(*) filter (where ${age} >= interval '1 day' and ${age} < interval '3 days'))::int`,
      upTo7: sql<number>`(count(*) filter (where ${age} >= interval '3 days' and ${age} < interval '7 days'))::int`,
      older: sql<number>`(count(*) filter (where ${age} >= interval '7 days'))::int`,
    })
    .from(videos)
    .where(and(eq(videos.reviewStatus, 'pending'), sql`${videos.status} <> 'failed'`));
  return row!;
}

/** What a player needs of a video (judging's scorecards, ranking and winners show it). */
const playableColumns = {
  videoId: videos.id,
  videoTitle: videos.title,
  posterKey: videos.posterKey,
  previewKey: videos.previewKey,
  originalKey: videos.originalKey,
  hlsKey: videos.hlsKey,
  mp4Key: videos.mp4Key,
  renditions: videos.renditions,
  captions: videos.captions,
};

/** These videos' titles and media keys, by id, in one query (ids sent as one array parameter). */
export async function playableVideosOf(db: DbOrTx, ids: number[]): Promise<Map<number, PlayableVideo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await playableRows(db, unique);
  return new Map(rows.map((row) => [row.videoId, row]));
}

function playableRows(db: DbOrTx, ids: number[]) {
  // A ranking page, a contest's scorecards (every judging page asks): one prepared statement.
  const statement = prepared(db, 'videos_playable_of', (statementName) =>
    db.select(playableColumns).from(videos).where(isAnyOf(videos.id)).prepare(statementName),
  );
  return statement.execute({ ids });
}
export type PlayableVideo = Awaited<ReturnType<typeof playableRows>>[number];

/** Which of these videos staff approved for the public library. */
export async function approvedVideoIdsAmong(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(inArray(videos.id, unique), eq(videos.isApproved, true)));
  return new Set(rows.map((row) => row.id));
}
