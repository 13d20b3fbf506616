import { JUDGING_MESSAGES, type JudgingSheet, type OwnScore, type ScoreBody } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { roundInContest, statusOfRound } from '../contests';
import { moveEntry, entryOf } from '../entries';
import * as repo from './judging.repository';
import { findJudgedEntries } from './judged-entries';
import { assertSignedIn } from './judging.policy';
import { toJudgedVideo, toOwnScore } from './judging.presenter';
import { isJudgingOpen } from './standings';
import { notFound, type JudgingContext } from './judging-context';

/** Scoring: a judge's score of an entry and the judging sheet with the judge's own scores. */
export function createScoring(context: JudgingContext) {
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
      // An entry of an earlier round (issue 47) is judged on that round's rubric, in its judging
      // window (after it closes, until its judging ends); the last round's are the contest's.
      const round =
        entry.roundId === contest.finalRoundId ? undefined : await roundInContest(db, entry.roundId);
      const rubric = round ? round.round.rubric : contest.rubric;
      const open = round
        ? statusOfRound(round.round, clock()) === 'judging'
        : isJudgingOpen(contest, clock());
      if (!open) throw new AppError('judging_closed', JUDGING_MESSAGES.notJudging);
      if (!rubric.length) throw new AppError('conflict', JUDGING_MESSAGES.noRubric);
      const given = new Map(body.scores.map((s) => [s.criterion, s.score]));
      if (
        given.size !== body.scores.length ||
        given.size !== rubric.length ||
        rubric.some((c) => !given.has(c.name))
      )
        throw AppError.validation({ scores: [JUDGING_MESSAGES.criteriaMismatch] });
      // The newest version judged: a video, or an idea's title and text.
      const [judged] = await repo.findJudgedVersions(db, { contestId: contest.id, entryIds: [entryId] });
      if (!judged) throw new AppError('conflict', JUDGING_MESSAGES.noEntries);
      const scores = rubric.map((c) => ({ criterion: c.name, score: given.get(c.name)! }));
      const weightedTotal = rubric.reduce((sum, c) => sum + c.weight * given.get(c.name)!, 0);
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
        // The contest's sheet is its last round's entries (issue 47).
        findJudgedEntries(db, { roundId: contest.finalRoundId ?? 0 }),
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
  };
}
