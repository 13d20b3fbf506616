import {
  JUDGING_LIMITS,
  JUDGING_MESSAGES,
  RANK_BAND_LABELS,
  rankBand,
  toTenScale,
  type JudgingSheet,
  type OwnScore,
  type Ranking,
  type RankingQuery,
  type ScoreBody,
  type Scorecard,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { moveEntry, entryOf } from '../entries';
import * as repo from './judging.repository';
import { findJudgedEntries, findRankingPage } from './judged-entries';
import { assertSignedIn, assertStaff } from '../../lib/policy';
import { assertCanReadScorecard } from './judging.policy';
import { creatorName, toJudgedVideo, toOwnScore } from './judging.presenter';
import { average, criterionAverage, isJudgingOpen, rank } from './standings';
import { notFound, type JudgingContext, type JudgingServiceDeps } from './judging-context';

/** Scoring: a judge's score, the judging sheet, staff's ranking and the entrant's scorecard. */
export function createScoring(deps: JudgingServiceDeps, context: JudgingContext) {
  const { db, clock, mediaUrl, requireContest, requireJudge, window } = context;
  return {
    /**
     * A judge's score of an entry's newest version, on every criterion of the contest's rubric,
     * with feedback for the entrant. Judges: staff and the contest's brand; only during the
     * judging window and before publication (409 `judging_closed` otherwise). Saved again, it
     * replaces the judge's earlier score. The first score moves the entry to 'scored'. Audited.
     */
    async saveScore(user: Caller | undefined, entryId: number, body: ScoreBody): Promise<OwnScore> {
      assertSignedIn(user);
      const entry = await entryOf(db, entryId);
      if (!entry) throw notFound();
      const contest = await requireContest(entry.contestId);
      await requireJudge(user, contest);
      if (contest.resultsPublishedAt) throw new AppError('judging_closed', JUDGING_MESSAGES.resultsPublished);
      if (!isJudgingOpen(contest, clock())) throw new AppError('judging_closed', JUDGING_MESSAGES.notJudging);
      if (!contest.rubric.length) throw new AppError('conflict', JUDGING_MESSAGES.noRubric);
      const given = new Map(body.scores.map((s) => [s.criterion, s.score]));
      if (
        given.size !== body.scores.length ||
        given.size !== contest.rubric.length ||
        contest.rubric.some((c) => !given.has(c.name))
      )
        throw AppError.validation({ scores: [JUDGING_MESSAGES.criteriaMismatch] });
      const [judged] = await findJudgedEntries(db, { contestId: contest.id, entryIds: [entryId] });
      if (!judged) throw new AppError('conflict', JUDGING_MESSAGES.noEntries);
      const scores = contest.rubric.map((c) => ({ criterion: c.name, score: given.get(c.name)! }));
      const weightedTotal = contest.rubric.reduce((sum, c) => sum + c.weight * given.get(c.name)!, 0);
      const saved = await db.transaction(async (tx) => {
        const before = await repo.findScore(tx, entryId, user.id);
        const row = await repo.upsertScore(tx, {
          entryId,
          version: judged.version,
          judgeId: user.id,
          scores,
          weightedTotal,
          feedback: body.feedback,
        });
        await moveEntry(tx, entryId, 'scored', '', judged.version);
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'score.save',
          targetType: 'entry',
          targetId: entryId,
          before: before
            ? { version: before.version, scores: before.scores, feedback: before.feedback }
            : null,
          after: { version: judged.version, scores, feedback: body.feedback },
        });
        return row;
      });
      return toOwnScore(saved);
    },

    /** The judging sheet: every entry's newest version with the caller's own score only. */
    async sheet(user: Caller | undefined, contestId: number): Promise<JudgingSheet> {
      assertSignedIn(user);
      const contest = await requireContest(contestId);
      await requireJudge(user, contest);
      const [entries, mine] = await Promise.all([
        findJudgedEntries(db, { contestId }),
        repo.findContestScores(db, contestId, user.id),
      ]);
      const myScore = new Map(mine.map((s) => [s.entryId, s]));
      return {
        ...window(contest),
        entries: entries.map((row) => {
          const score = myScore.get(row.entryId);
          return {
            entry_id: row.entryId,
            version: row.version,
            submitted_at: row.submittedAt.toISOString(),
            video: toJudgedVideo(row, mediaUrl),
            my_score: score ? toOwnScore(score) : null,
          };
        }),
      };
    },

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
      assertStaff(user);
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
        findJudgedEntries(db, { contestId: contest.id }),
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
