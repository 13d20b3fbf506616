import { INSIGHTS_LIMITS, type ContestInsights } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { namesOf } from '../accounts';
import { applicationFunnelOf } from '../applications';
import { entriesAtOrAfter, entryStatusCountsOf, entrySubmissionsByDay, entryVideosOf } from '../entries';
import { scoredByJudgeOf } from '../judging';
import { videoTitlesOf } from '../videos';
import * as repo from './insights.repository';
import { playNumbersOf, retentionOf } from './play-numbers';

/**
 * A contest's insights, computed now: the funnel (applications to paid entries), submissions per
 * day, each judge's progress and the most played entries. The numbers other modules own are
 * asked of them.
 */
export async function computeContestInsights(
  db: DbOrTx,
  contestId: number,
  contest: { title: string; submissionDeadline: Date },
): Promise<ContestInsights> {
  const [applied, statusCounts, byDay, scored, ranked] = await Promise.all([
    applicationFunnelOf(db, contestId),
    entryStatusCountsOf(db, contestId),
    entrySubmissionsByDay(db, contestId),
    scoredByJudgeOf(db, contestId),
    repo.mostPlayedEntries(db, entryVideosOf(db, contestId), INSIGHTS_LIMITS.entriesShown),
  ]);
  const entriesTotal = entriesAtOrAfter(statusCounts, 'uploaded');
  const [titles, judges] = await Promise.all([
    videoTitlesOf(
      db,
      ranked.map((entry) => entry.videoId),
    ),
    namesOf(
      db,
      scored.map((row) => row.judgeId),
    ),
  ]);

  let cumulative = 0;
  return {
    contest_id: contestId,
    title: contest.title,
    funnel: {
      ...applied,
      submitted: entriesTotal,
      checked: entriesAtOrAfter(statusCounts, 'checked'),
      scored: entriesAtOrAfter(statusCounts, 'scored'),
      paid: entriesAtOrAfter(statusCounts, 'paid'),
    },
    submissions_by_day: byDay.map((row) => ({ ...row, cumulative: (cumulative += row.count) })),
    submission_deadline: contest.submissionDeadline.toISOString(),
    judges: scored.map((row) => {
      const name = judges.get(row.judgeId);
      return {
        judge_id: row.judgeId,
        // A judge is a person (staff or a brand's user): their name, else their e-mail.
        name: name
          ? [name.firstName, name.lastName].filter(Boolean).join(' ').trim() || name.email
          : `Judge ${row.judgeId}`,
        scored: row.scored,
        total: entriesTotal,
      };
    }),
    // In the schema's order (the route writes the answer as presented): the play numbers first.
    entries: ranked.map((entry) => ({
      ...playNumbersOf(entry),
      entry_id: entry.entryId,
      title: titles.get(entry.videoId) ?? `Entry ${entry.entryId}`,
      retention: retentionOf(entry),
    })),
    entries_total: entriesTotal,
  };
}
