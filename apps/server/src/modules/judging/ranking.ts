import { JUDGING_LIMITS, toTenScale, type Ranking, type RankingQuery } from '@app/domain';
import { pageWindow, toPage } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { roundInContest } from '../contests';
import * as repo from './judging.repository';
import { findRankingPage } from './judged-entries';
import { assertCanRankRound, assertSignedIn } from './judging.policy';
import { creatorName, toJudgedVideo } from './judging.presenter';
import { average } from './standings';
import { notFound, type JudgingContext, type JudgingServiceDeps } from './judging-context';

/** Staff's ranking of a round's entries, the contest's being its last round's (the route lets staff only in). */
export function createRanking(deps: JudgingServiceDeps, context: JudgingContext) {
  const { db, mediaUrl, requireContest, requireJudge } = context;

  /**
   * A round's ranking, a page at a time: weighted average over judges (the round's rubric), their
   * number and spread, the tie rule — ordered in SQL over the round's entries, only the page's
   * entries read with their video. Places and prizes are the final round's only.
   */
  async function rankRound(
    contest: Awaited<ReturnType<typeof requireContest>>,
    round: { id: number; rubric: Array<{ name: string; weight: number }>; isFinal: boolean },
    query: RankingQuery,
    url: URL,
  ): Promise<Ranking> {
    const request = { page: query.page, pageSize: JUDGING_LIMITS.rankingPageSize, url };
    const [{ rows, count }, placed, advanced] = await Promise.all([
      findRankingPage(db, round.id, pageWindow(request)),
      round.isFinal ? repo.findPlaces(db, contest.id) : Promise.resolve([]),
      round.isFinal ? Promise.resolve([]) : repo.findAdvancementsOfRound(db, round.id),
    ]);
    const placeOf = new Map(placed.map((r) => [r.entryId, r]));
    const advancedIds = new Set(advanced.map((a) => a.entryId));
    const { results, ...links } = toPage(
      rows.map((row) => {
        const result = placeOf.get(row.entryId);
        const sums = row.criterionSums ?? {};
        return {
          rank: row.rank,
          tied: row.tied,
          entry_id: row.entryId,
          creator_id: row.userId,
          creator_name: creatorName(row),
          creator_email: row.creatorEmail,
          version: row.version,
          video: row.playable ? toJudgedVideo(row.playable, mediaUrl) : null,
          title: row.title,
          text: row.text,
          wildcard: row.wildcard,
          ...(round.isFinal ? {} : { advanced: advancedIds.has(row.entryId) }),
          weighted_average: average(row),
          judges: row.judges,
          spread: toTenScale(row.maxTotal - row.minTotal),
          criteria: round.rubric.map((c) => ({
            criterion: c.name,
            average: row.judges ? Math.round((Number(sums[c.name] ?? 0) / row.judges) * 100) / 100 : null,
          })),
          place: result?.place ?? null,
          prize_cents: result?.prizeCents ?? null,
        };
      }),
      count,
      request,
      deps.config.PUBLIC_URL,
    );
    return {
      contest_id: contest.id,
      round_id: round.id,
      rubric: round.rubric,
      results_published_at: contest.resultsPublishedAt?.toISOString() ?? null,
      currency: contest.currency,
      prize_cents: contest.prizeCents,
      ...links,
      entries: results,
    };
  }

  return {
    /** Staff's ranking of the contest: its last round's entries on the contest's rubric. */
    async ranking(
      user: Caller | undefined,
      contestId: number,
      query: RankingQuery,
      url: URL,
    ): Promise<Ranking> {
      assertSignedIn(user);
      const contest = await requireContest(contestId);
      const round = { id: contest.finalRoundId ?? 0, rubric: contest.rubric, isFinal: true };
      return rankRound(contest, round, query, url);
    },

    /**
     * One round's ranking (issue 47): its entries on its own rubric, its scores only. Staff's, and
     * before the final round also the contest's brand owners and managers' (`assertCanRankRound`).
     */
    async roundRanking(
      user: Caller | undefined,
      roundId: number,
      query: RankingQuery,
      url: URL,
    ): Promise<Ranking> {
      assertSignedIn(user);
      const place = await roundInContest(db, roundId);
      if (!place) throw notFound();
      const contest = await requireContest(place.round.contestId);
      await requireJudge(user, contest);
      assertCanRankRound(user, place);
      const round = { id: place.round.id, rubric: place.round.rubric, isFinal: place.isFinal };
      return rankRound(contest, round, query, url);
    },
  };
}
