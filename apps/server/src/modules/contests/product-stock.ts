import type { DbOrTx } from '../../db/client';
import * as repo from './contests.repository';

/**
 * What applications asks contests about product stock (contests owns it): a decision locks the
 * product's row first, so applications and stock changes of the product queue behind it, and a
 * decline or withdrawal gives units back. Call both inside the caller's transaction.
 */

/** Locks the rows of the given products, in id order (two callers never deadlock). */
export function lockProducts(tx: DbOrTx, productIds: number[]): Promise<void> {
  return repo.lockProducts(tx, productIds);
}

/** Gives `units` (one unless said) of a product back to its stock. */
export function returnUnits(tx: DbOrTx, productId: number, units = 1): Promise<void> {
  return repo.returnUnits(tx, productId, units);
}

/**
 * Takes one unit of a product's stock if any is left, atomically (the conditional update's row
 * lock makes concurrent callers queue): the units left, or null when there were none. Call it
 * inside the applying transaction, last, so the row stays locked only until the commit.
 */
export function reserveOneUnit(tx: DbOrTx, productId: number): Promise<number | null> {
  return repo.reserveOneUnit(tx, productId);
}
