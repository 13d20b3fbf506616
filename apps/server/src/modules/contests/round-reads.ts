import { currentRound, roundStatusAt, type RoundStatus } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contestProducts } from '../../db/schema/index';
import { storedRoundsOf } from './contest-rounds';
import { findRound, listRounds, listRoundsOfContests, type RoundRow } from './rounds.repository';

/**
 * What other modules read of rounds (issue 47): entries enter a round, judging ranks and advances
 * from one, the creator dashboard shows the round a contest is in.
 */

export type ContestRound = RoundRow;

/** A round and its neighbours in its contest: the one before (advancing into it) and after. */
export interface RoundInContest {
  round: RoundRow;
  previous: RoundRow | undefined;
  next: RoundRow | undefined;
  first: RoundRow;
  /** The contest's last round: its ranking decides places and prizes. */
  isFinal: boolean;
}

/** The round with its neighbours; undefined when there is no such round. */
export async function roundInContest(db: DbOrTx, roundId: number): Promise<RoundInContest | undefined> {
  const round = await findRound(db, roundId);
  if (!round) return undefined;
  const all = await listRounds(db, round.contestId);
  const i = all.findIndex((r) => r.id === round.id);
  return {
    round,
    previous: all[i - 1],
    next: all[i + 1],
    first: all[0]!,
    isFinal: i === all.length - 1,
  };
}

/** A contest's rounds, first to last (a contest without any gets its film round stored first). */
export const roundsOfContest = storedRoundsOf;

/** Where a stored round is at `now` (`roundStatusAt`). */
export function statusOfRound(row: RoundRow, now: Date): RoundStatus {
  return roundStatusAt(
    {
      opens_at: row.opensAt.toISOString(),
      closes_at: row.closesAt.toISOString(),
      judging_ends_at: row.judgingEndsAt.toISOString(),
    },
    now,
  );
}

/** Each contest's current round (`currentRound`: the one its page highlights), by contest id. */
export async function currentRoundsOf(
  db: DbOrTx,
  contestIds: number[],
  now: Date,
): Promise<Map<number, RoundRow>> {
  const byContest = new Map<number, Array<RoundRow & { status: RoundStatus }>>();
  for (const row of await listRoundsOfContests(db, contestIds)) {
    const list = byContest.get(row.contestId) ?? [];
    list.push({ ...row, status: statusOfRound(row, now) });
    byContest.set(row.contestId, list);
  }
  const current = new Map<number, RoundRow>();
  for (const [contestId, list] of byContest) {
    const round = currentRound(list);
    if (round) current.set(contestId, round);
  }
  return current;
}

/** Whether the contest ships products to its creators (a shipping list). */
export async function contestHasProducts(db: DbOrTx, contestId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contestProducts.productId })
    .from(contestProducts)
    .where(eq(contestProducts.contestId, contestId))
    .limit(1);
  return row !== undefined;
}
