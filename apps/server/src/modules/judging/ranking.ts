import { JUDGING_LIMITS, toTenScale, type Ranking, type RankingQuery } from '@app/domain';
import { pageWindow, toPage } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import * as repo from './judging.repository';
import { findRankingPage } from './judged-entries';
import { assertSignedIn } from './judging.policy';
import { creatorName, toJudgedVideo } from './judging.presenter';
import { average } from './standings';
import type { JudgingContext, JudgingServiceDeps } from './judging-context';

/** Staff's ranking of a contest's entries (the route lets staff only in). */
export function createRanking(deps: JudgingServiceDeps, context: JudgingContext) {
  const { db, mediaUrl, requireContest } = context;
  return {
    /**
     * Staff's ranking, a page at a time: weighted average over judges, their number and spread, the
     * tie rule — ordered in SQL over every entry, only the page's entries read with their video.
     */
    async ranking(
      user: Caller | undefined,
      contestId: number,
      query: RankingQuery,
      url: URL,
    ): Promise<Ranking> {
      assertSignedIn(user);
      const contest = await requireContest(contestId);
      const request = { page: query.page, pageSize: JUDGING_LIMITS.rankingPageSize, url };
      const [{ rows, count }, placed] = await Promise.all([
        findRankingPage(db, contestId, pageWindow(request)),
        repo.findPlaces(db, contestId),
      ]);
      const placeOf = new Map(placed.map((r) => [r.entryId, r]));
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
            video: toJudgedVideo(row, mediaUrl),
            weighted_average: average(row),
            judges: row.judges,
            spread: toTenScale(row.maxTotal - row.minTotal),
            criteria: contest.rubric.map((c) => ({
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
        rubric: contest.rubric,
        results_published_at: contest.resultsPublishedAt?.toISOString() ?? null,
        currency: contest.currency,
        prize_cents: contest.prizeCents,
        ...links,
        entries: results,
      };
    },
  };
}
