import type { DbOrTx } from '../../db/client';
import { namesOf } from '../accounts';
import { publishedContestsOf } from '../contests';
import { approvedVideoIdsAmong, playableVideosOf, type PlayableVideo } from '../videos';
import * as repo from './judging.repository';

/**
 * Judged entries and ranking pages with their entrant and video: judging reads its own rows (and
 * entries' latest versions), then asks accounts for the entrants and videos for the videos, one
 * query per owner for all the rows (issue 28: no join across owners).
 */

/** An entrant as judging shows them: the name winners are shown by, the e-mail staff see. */
interface Entrant {
  creatorFirstName: string;
  creatorLastName: string;
  creatorEmail: string;
}

/**
 * `rows` with each one's entrant and video (the video's id replaced by its columns), in the same
 * order; a row whose user or video is gone is left out, as the join it replaces did.
 */
async function withEntrantAndVideo<R extends { userId: number; videoId: number }>(
  db: DbOrTx,
  rows: R[],
): Promise<Array<R & Entrant & PlayableVideo>> {
  const [names, videos] = await Promise.all([
    namesOf(
      db,
      rows.map((row) => row.userId),
    ),
    playableVideosOf(
      db,
      rows.map((row) => row.videoId),
    ),
  ]);
  // The facts are set on the rows just read: rest-copying each row without its video id, then
  // spreading row, entrant and video into a new object cost the ranking page 1.2 ms of CPU a
  // request (`BENCH_ONLY=ranking npm run bench`: 2.76 -> 1.5 ms, 76% -> 94% of the baseline).
  return rows.flatMap((row) => {
    const name = names.get(row.userId);
    const video = videos.get(row.videoId);
    if (!name || !video) return [];
    const entrant: Entrant = {
      creatorFirstName: name.firstName,
      creatorLastName: name.lastName,
      creatorEmail: name.email,
    };
    return [Object.assign(row, entrant, video)];
  });
}

/** The rows whose version has a video (an idea round's entry has none: its title and text). */
export function withVideos<R extends { videoId: number | null }>(rows: R[]): Array<R & { videoId: number }> {
  return rows.filter((row): row is R & { videoId: number } => row.videoId !== null);
}

/**
 * Every entry of the contest that has a version, with its newest version (the one judged), the
 * version's video and the entrant; optionally only `entryIds`.
 */
export async function findJudgedEntries(
  db: DbOrTx,
  filter: { contestId?: number; roundId?: number; entryIds?: number[] },
) {
  return withEntrantAndVideo(db, withVideos(await repo.findJudgedVersions(db, filter)));
}
export type JudgedEntryRow = Awaited<ReturnType<typeof findJudgedEntries>>[number];

/**
 * One page of a round's ranking (`repo.findRankingPage`), each row with its entrant, its video
 * (`playable`; null for an idea round's entry) and its version's title and text (ideas, pitches).
 */
export async function findRankingPage(db: DbOrTx, roundId: number, page: { limit: number; offset: number }) {
  const { rows, count } = await repo.findRankingPage(db, roundId, page);
  const entryIds = rows.map((row) => row.entryId);
  const [names, videos, versions] = await Promise.all([
    namesOf(
      db,
      rows.map((row) => row.userId),
    ),
    playableVideosOf(
      db,
      rows.flatMap((row) => (row.videoId === null ? [] : [row.videoId])),
    ),
    entryIds.length ? repo.findJudgedVersions(db, { roundId, entryIds }) : [],
  ]);
  const versionOf = new Map(versions.map((v) => [v.entryId, v]));
  return {
    rows: rows.flatMap((row) => {
      const name = names.get(row.userId);
      const playable = row.videoId === null ? null : videos.get(row.videoId);
      if (!name || playable === undefined) return [];
      const version = versionOf.get(row.entryId);
      return [
        Object.assign(row, {
          creatorFirstName: name.firstName,
          creatorLastName: name.lastName,
          creatorEmail: name.email,
          playable,
          title: version?.title ?? null,
          text: version?.text ?? null,
          wildcard: version?.wildcard ?? false,
        }),
      ];
    }),
    count,
  };
}

/**
 * The latest published winners whose film staff approved for the library, newest publication
 * first then by place: the published contests asked of contests, their places read here, the
 * approvals asked of videos. A contest has a few places, so the rows sorted here stay few.
 */
export async function findRecentWinners(db: DbOrTx, limit: number) {
  const published = await publishedContestsOf(db);
  const places = await repo.findPlacesOfContests(db, [...published.keys()]);
  const videoOf = await repo.findLatestVideos(
    db,
    places.flatMap((p) => (p.entryId === null ? [] : [p.entryId])),
  );
  const approved = await approvedVideoIdsAmong(db, [...videoOf.values()]);
  return places
    .flatMap(({ entryId, ...place }) => {
      const contest = published.get(place.contestId);
      const videoId = entryId === null ? undefined : videoOf.get(entryId);
      if (!contest || entryId === null || videoId === undefined || !approved.has(videoId)) return [];
      return [
        {
          ...place,
          entryId,
          contestTitle: contest.title,
          currency: contest.currency,
          publishedAt: contest.publishedAt,
        },
      ];
    })
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.place - b.place)
    .slice(0, limit);
}
