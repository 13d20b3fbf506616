import { compareRanked, toTenScale, type RankInput } from '@app/domain';
import type { JudgingContest as ContestRow } from '../contests';
import type { ScoreRow } from './judging.repository';
import type { JudgedEntryRow } from './judged-entries';

/** Scores may be given or changed from the start of judging until its end, before publication. */
export function isJudgingOpen(
  contest: Pick<ContestRow, 'judgingStartsAt' | 'judgingEndsAt' | 'resultsPublishedAt'>,
  now: Date,
) {
  return (
    contest.resultsPublishedAt === null &&
    contest.judgingStartsAt.getTime() <= now.getTime() &&
    now.getTime() < contest.judgingEndsAt.getTime()
  );
}

/** One entry's standing: its judges' weighted totals summed, their spread, criterion sums, scores. */
export type Standing = RankInput & Totals & { row: JudgedEntryRow; scores: ScoreRow[] };

/** One entry's judges' weighted totals (their number, sum, lowest, highest) and criterion sums. */
interface Totals {
  judges: number;
  totalSum: number;
  min: number;
  max: number;
  criterionSums: Map<string, number>;
}

/** Entries in ranking order (docs/spec-decisions.md "Judging": the tie rule). */
function rankBy<T extends Totals>(
  entries: JudgedEntryRow[],
  totalsOf: (entryId: number) => T,
): Array<RankInput & { row: JudgedEntryRow } & T> {
  return entries
    .map((row) => ({
      ...totalsOf(row.entryId),
      row,
      entryId: row.entryId,
      submittedAt: row.submittedAt.toISOString(),
    }))
    .sort(compareRanked);
}

/** Entries in ranking order, from the scores themselves (each standing keeps its own). */
export function rank(entries: JudgedEntryRow[], scores: ScoreRow[]): Standing[] {
  const byEntry = new Map<number, ScoreRow[]>();
  for (const s of scores) byEntry.set(s.entryId, [...(byEntry.get(s.entryId) ?? []), s]);
  return rankBy(entries, (entryId) => {
    const own = byEntry.get(entryId) ?? [];
    const totals = own.map((s) => s.weightedTotal);
    const criterionSums = new Map<string, number>();
    for (const s of own)
      for (const c of s.scores)
        criterionSums.set(c.criterion, (criterionSums.get(c.criterion) ?? 0) + c.score);
    return {
      totalSum: totals.reduce((a, b) => a + b, 0),
      judges: own.length,
      min: totals.length ? Math.min(...totals) : 0,
      max: totals.length ? Math.max(...totals) : 0,
      criterionSums,
      scores: own,
    };
  });
}

export const average = (s: Pick<RankInput, 'judges' | 'totalSum'>) =>
  s.judges ? toTenScale(s.totalSum / s.judges) : null;
export const criterionAverage = (s: RankInput & Totals, criterion: string) =>
  s.judges ? Math.round(((s.criterionSums.get(criterion) ?? 0) / s.judges) * 100) / 100 : null;
