import { INSIGHTS_LIMITS } from '@app/domain';
import { emptyReached, type PlayTotalsRow } from './insights.repository';

/** Play numbers of one video or several summed: what the presenters turn into shares. */
export interface PlaySums {
  plays: number;
  viewers: number;
  reached: number[];
}

export function sumPlays(rows: PlayTotalsRow[]): PlaySums {
  const sum: PlaySums = { plays: 0, viewers: 0, reached: emptyReached() };
  for (const row of rows) {
    sum.plays += row.plays;
    sum.viewers += row.viewers;
    row.reached.forEach((n, tenth) => (sum.reached[tenth]! += n));
  }
  return sum;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The retention curve: of the viewer sessions, the share that reached each tenth of the film
 * (tenth 0 is the start, so 1 whenever anyone watched).
 */
export function retentionOf(sums: PlaySums): number[] {
  return sums.reached.slice(0, INSIGHTS_LIMITS.tenths + 1).map((n) => round(share(n, sums.viewers)));
}

/**
 * The average share of the film watched: the area under the retention curve, each tenth reached
 * counting a tenth of the film (a session that reached tenth 7 watched 70 %).
 */
export function averageWatchedOf(sums: PlaySums): number {
  const reachedTenths = sums.reached.slice(1).reduce((sum, n) => sum + n, 0);
  return round(share(reachedTenths, sums.viewers * INSIGHTS_LIMITS.tenths));
}

export function playNumbersOf(sums: PlaySums) {
  return { plays: sums.plays, viewers: sums.viewers, average_watched: averageWatchedOf(sums) };
}
