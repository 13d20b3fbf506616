import type { DbOrTx } from '../../db/client';

/**
 * Contests' ports: what it asks of applications and entries, which sit above it (passed by
 * modules/index.ts to the routes, and by them to the calls that need it).
 */
export interface ContestsPorts {
  /** How many entries each contest has (the brand dashboard's counts). */
  entryCountsOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, number>>;
  /** The rounds of a contest that have entries (issue 47: such a round is never dropped). */
  roundsWithEntriesOf(db: DbOrTx, contestId: number): Promise<number[]>;
  /** Each contest's applications by status and those shipped (absent: none). */
  applicationCountsOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, ApplicationCounts>>;
  /** The units of a product its pending and selected applications hold (after locking its row). */
  heldUnitsOf(db: DbOrTx, productId: number): Promise<number>;
  /** Which of these products someone applied for (such a product cannot be removed). */
  productsWithApplications(db: DbOrTx, productIds: number[]): Promise<number[]>;
}

/** A contest's application counts (applications' read). */
export interface ApplicationCounts {
  pending: number;
  selected: number;
  declined: number;
  withdrawn: number;
  shipped: number;
}
