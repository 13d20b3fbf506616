/**
 * Ranking rules (issue 17, docs/spec-decisions.md "Judging"). Scores are integers, so every
 * comparison is exact: a judge's weighted total is Σ score × weight (weights add up to 100, so
 * 100–1000), and an entry's average is the sum of its judges' totals over their number, compared
 * by cross-multiplying.
 */

export interface RankInput {
  entryId: number;
  /** Σ of the judges' weighted totals. */
  totalSum: number;
  judges: number;
  /** When the judged version was submitted (ISO); earlier first on a tie. */
  submittedAt: string;
}

/**
 * a before b: higher average; then more judges; then the earlier submission; then the lower entry id.
 * The staff ranking's pages apply the same order in SQL (`findRankingPage` in the judging module);
 * the judging tests check both on the same entries.
 */
export function compareRanked(a: RankInput, b: RankInput): number {
  // Entries nobody scored come last.
  if (a.judges === 0 || b.judges === 0) {
    if (a.judges !== b.judges) return a.judges === 0 ? 1 : -1;
  } else {
    const diff = b.totalSum * a.judges - a.totalSum * b.judges;
    if (diff !== 0) return diff;
  }
  if (a.judges !== b.judges) return b.judges - a.judges;
  if (a.submittedAt !== b.submittedAt) return a.submittedAt < b.submittedAt ? -1 : 1;
  return a.entryId - b.entryId;
}

/** True when both have the same weighted average (and were scored). */
export function sameAverage(a: RankInput, b: RankInput): boolean {
  return a.judges > 0 && b.judges > 0 && a.totalSum * b.judges === b.totalSum * a.judges;
}

/** A weighted total (100–1000) or an average of them → the 1–10 scale, 2 decimals. */
export function toTenScale(weightedTotal: number): number {
  return Math.round(weightedTotal) / 100;
}

export const RANK_BANDS = ['winner', 'top_10', 'top_25', 'top_50', 'entrant'] as const;
export type RankBand = (typeof RANK_BANDS)[number];

export const RANK_BAND_LABELS: Record<RankBand, string> = {
  winner: 'Prize winner',
  top_10: 'Top 10%',
  top_25: 'Top 25%',
  top_50: 'Top half',
  entrant: 'Entrant',
};

/** Where an entry ranked (1-based among `total`) falls: a placed entry is a winner. */
export function rankBand(rank: number, total: number, placed: boolean): RankBand {
  if (placed) return 'winner';
  const share = rank / Math.max(total, 1);
  if (share <= 0.1) return 'top_10';
  if (share <= 0.25) return 'top_25';
  if (share <= 0.5) return 'top_50';
  return 'entrant';
}
