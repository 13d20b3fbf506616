import type { VideoAward } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { publishedContestsOf, roundInContest } from '../contests';
import { entryContestsOf } from '../entries';
import * as repo from './judging.repository';
import { createJudgingContext, type JudgingServiceDeps } from './judging-context';
import type { JudgingPorts } from './judging.ports';
import { createPublication } from './publication';
import { createAdvancing } from './advancing';
import { createRanking } from './ranking';
import { createResults } from './results';
import { createScorecard } from './scorecard';
import { createScoring } from './scoring';

export type { JudgingServiceDeps } from './judging-context';
export { isJudgingOpen } from './standings';

/**
 * The places won by these videos (the judged version of a placed entry, results published): the
 * trophy on the video page and the library card.
 */
export async function findVideoAwards(db: DbOrTx, videoIds: number[]): Promise<Map<number, VideoAward>> {
  const rows = await repo.findAwardsOfVideos(db, videoIds);
  const published = await publishedContestsOf(
    db,
    rows.map((r) => r.contestId),
  );
  return new Map(
    rows.flatMap((r) => {
      const contest = published.get(r.contestId);
      return contest
        ? [[r.videoId, { place: r.place, contest_id: r.contestId, contest_title: contest.title }]]
        : [];
    }),
  );
}

/** The creator's readable scorecards: entry id by contest id (results published). */
export async function findScorecardEntries(db: DbOrTx, userId: number): Promise<Map<number, number>> {
  const rows = await entryContestsOf(db, userId);
  const published = await publishedContestsOf(
    db,
    rows.map((r) => r.contestId),
  );
  return new Map(rows.flatMap((r) => (published.has(r.contestId) ? [[r.contestId, r.entryId]] : [])));
}

/** The creator's places and prizes, by contest (their dashboard's results and wins). */
export function findCreatorResults(db: DbOrTx, userId: number) {
  return repo.findResultsOf(db, userId);
}
export type CreatorResult = Awaited<ReturnType<typeof findCreatorResults>>[number];

/**
 * The place an entry won, its prize and when the results were published; undefined until its
 * contest's results are published, and for an entry that placed nowhere (the delivery's gate).
 */
export async function findPublishedPlace(db: DbOrTx, entryId: number) {
  return (await publishedPlacesOf(db, [entryId]))[0];
}

/** The places these entries won, by entry id, once their contests' results are published (one query). */
export async function findPublishedPlaces(db: DbOrTx, entryIds: number[]): Promise<Map<number, number>> {
  const rows = await publishedPlacesOf(db, entryIds);
  return new Map(rows.map((row) => [row.entryId, row.place]));
}

/** The places these entries won in contests whose results are published, with the publication time. */
async function publishedPlacesOf(db: DbOrTx, entryIds: number[]) {
  const rows = await repo.findPlacesOfEntries(db, entryIds);
  const published = await publishedContestsOf(
    db,
    rows.map((row) => row.contestId),
  );
  return rows.flatMap(({ contestId, ...row }) => {
    const contest = published.get(contestId);
    return contest ? [{ ...row, publishedAt: contest.publishedAt }] : [];
  });
}

/** Judging on the contest's rubric, the ranking, the results and every entrant's scorecard. */
export function createJudgingService(
  deps: JudgingServiceDeps,
  ports: JudgingPorts,
  clock: () => Date = () => new Date(),
) {
  const context = createJudgingContext(deps, clock);
  const scoring = createScoring(context);
  const { ranking, roundRanking } = createRanking(deps, context);
  const { advance } = createAdvancing(deps, context);
  const { scorecard } = createScorecard(context);
  const results = createResults(context);
  const publication = createPublication(deps, context, ports, results.resultsOf);
  return {
    /** Judges: a score of an entry, the judging sheet (scoring.ts). */
    saveScore: scoring.saveScore,
    sheet: scoring.sheet,
    /** Staff: the ranking (ranking.ts), publishing and correcting the results (publication.ts). */
    ranking,
    /** Rounds (issue 47): a round's ranking (ranking.ts), advancing from it (advancing.ts). */
    roundRanking,
    advance,
    publish: publication.publish,
    correctResults: publication.correctResults,
    /** The entrant's scorecard (scorecard.ts); anyone's results and winners (results.ts). */
    scorecard,
    results: results.results,
    recentWinners: results.recentWinners,
  };
}

export type JudgingService = ReturnType<typeof createJudgingService>;

/** Whether the creator was advanced from the round (issue 47: who may enter the next round). */
export function wasAdvancedFrom(db: DbOrTx, roundId: number, userId: number): Promise<boolean> {
  return repo.wasAdvancedFrom(db, roundId, userId);
}

/** The rounds the creator was advanced from, each with the round after it (the creator dashboard). */
export async function roundsAdvancedFrom(
  db: DbOrTx,
  userId: number,
): Promise<Array<{ roundId: number; nextRoundId: number | null }>> {
  const rows = await repo.findRoundsAdvancedFrom(db, userId);
  return Promise.all(
    rows.map(async ({ roundId }) => ({
      roundId,
      nextRoundId: (await roundInContest(db, roundId))?.next?.id ?? null,
    })),
  );
}
