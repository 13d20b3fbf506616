import { JUDGING_LIMITS, type ContestResults, type RecentWinners, type Winner } from '@app/domain';
import * as repo from './judging.repository';
import { findJudgedEntries, findRecentWinners, type JudgedEntryRow } from './judged-entries';
import { creatorName, toJudgedVideo } from './judging.presenter';
import { notFound, type JudgingContext } from './judging-context';

/** The results as anyone reads them: a contest's winners and the newest winners of all contests. */
export function createResults(context: JudgingContext) {
  const { db, mediaUrl, requireContest } = context;

  const winnerOf = (
    result: { place: number; prizeCents: number },
    row: JudgedEntryRow,
    currency: string,
  ): Winner => ({
    place: result.place,
    prize_cents: result.prizeCents,
    currency,
    entry_id: row.entryId,
    creator_id: row.userId,
    creator_name: creatorName(row),
    video: toJudgedVideo(row, mediaUrl),
  });

  /** A contest's results as they stand (none before publication), draft or not. */
  async function resultsOf(contestId: number): Promise<ContestResults> {
    const contest = await requireContest(contestId);
    const base = { contest_id: contest.id, contest_title: contest.title };
    if (!contest.resultsPublishedAt) return { ...base, published_at: null, entries_count: 0, winners: [] };
    const [placed, entries] = await Promise.all([
      repo.findResults(db, contest.id),
      findJudgedEntries(db, { roundId: contest.finalRoundId ?? 0 }),
    ]);
    const entryOf = new Map(entries.map((e) => [e.entryId, e]));
    const winners = placed.flatMap((r) => {
      const row = r.entryId === null ? undefined : entryOf.get(r.entryId);
      return row ? [winnerOf(r, row, contest.currency)] : [];
    });
    return {
      ...base,
      published_at: contest.resultsPublishedAt.toISOString(),
      entries_count: entries.length,
      winners,
    };
  }

  return {
    /**
     * The public results (anyone, signed in or not): a draft contest does not exist here (404), as
     * on every public contest page; its brand and staff read drafts through the contest pages.
     */
    async results(contestId: number): Promise<ContestResults> {
      const contest = await requireContest(contestId);
      if (contest.publicationStatus === 'draft') throw notFound();
      return resultsOf(contestId);
    },

    resultsOf,

    /** The newest published winners of all contests (the home page's carousel). */
    async recentWinners(): Promise<RecentWinners> {
      const placed = await findRecentWinners(db, JUDGING_LIMITS.winnersShown);
      const entries = await findJudgedEntries(db, {
        entryIds: placed.flatMap((p) => (p.entryId === null ? [] : [p.entryId])),
      });
      const entryOf = new Map(entries.map((e) => [e.entryId, e]));
      return {
        results: placed.flatMap((p) => {
          const row = p.entryId === null ? undefined : entryOf.get(p.entryId);
          return row
            ? [{ ...winnerOf(p, row, p.currency), contest_id: p.contestId, contest_title: p.contestTitle }]
            : [];
        }),
      };
    },
  };
}
