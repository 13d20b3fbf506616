import { JUDGING_MESSAGES, RANK_BAND_LABELS, rankBand, type Scorecard } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { entryOf } from '../entries';
import * as repo from './judging.repository';
import { findJudgedEntries } from './judged-entries';
import { assertCanReadScorecard, assertSignedIn } from './judging.policy';
import { toJudgedVideo } from './judging.presenter';
import { average, criterionAverage, rank } from './standings';
import { notFound, type JudgingContext } from './judging-context';

/** The entrant's scorecard, once the contest's results are published. */
export function createScorecard(context: JudgingContext) {
  const { db, mediaUrl, requireContest } = context;
  return {
    /**
     * The entrant's scorecard after publication: per-criterion averages, rank and rank band,
     * place and prize, and each judge's feedback as "Judge n" (judges numbered in the order of
     * their accounts among the contest's judges, the same on every scorecard).
     */
    async scorecard(user: Caller | undefined, entryId: number): Promise<Scorecard> {
      assertSignedIn(user);
      const entry = await entryOf(db, entryId);
      if (!entry) throw notFound();
      assertCanReadScorecard(user, entry.userId);
      const contest = await requireContest(entry.contestId);
      if (!contest.resultsPublishedAt)
        throw new AppError('results_not_published', JUDGING_MESSAGES.resultsNotPublished);
      const [entries, scores, placed] = await Promise.all([
        // Ranked among the entries of its own round (issue 47).
        findJudgedEntries(db, { roundId: entry.roundId }),
        repo.findContestScores(db, contest.id),
        repo.findResults(db, contest.id),
      ]);
      const standings = rank(entries, scores);
      const index = standings.findIndex((s) => s.entryId === entryId);
      const own = standings[index];
      if (!own) throw new AppError('conflict', JUDGING_MESSAGES.noEntries);
      const result = placed.find((r) => r.entryId === entryId);
      const judgeNumber = new Map<number, number>();
      for (const s of [...scores].sort((a, b) => a.judgeId - b.judgeId))
        if (!judgeNumber.has(s.judgeId)) judgeNumber.set(s.judgeId, judgeNumber.size + 1);
      const band = rankBand(index + 1, standings.length, Boolean(result));
      return {
        entry_id: entryId,
        contest_id: contest.id,
        contest_title: contest.title,
        version: own.row.version,
        video: toJudgedVideo(own.row, mediaUrl),
        published_at: contest.resultsPublishedAt.toISOString(),
        rank: index + 1,
        entries_count: standings.length,
        rank_band: band,
        rank_band_label: RANK_BAND_LABELS[band],
        place: result?.place ?? null,
        prize_cents: result && result.prizeCents > 0 ? result.prizeCents : null,
        currency: contest.currency,
        weighted_average: average(own),
        judges: own.judges,
        criteria: contest.rubric.map((c) => ({
          criterion: c.name,
          weight: c.weight,
          average: criterionAverage(own, c.name),
        })),
        feedback: own.scores
          .map((s) => ({ n: judgeNumber.get(s.judgeId)!, feedback: s.feedback }))
          .filter((f) => f.feedback.trim())
          .sort((a, b) => a.n - b.n)
          .map((f) => ({ judge: `Judge ${f.n}`, feedback: f.feedback })),
      };
    },
  };
}
