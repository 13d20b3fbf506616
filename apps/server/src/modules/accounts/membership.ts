import type { DbOrTx } from '../../db/client';
import * as repo from './accounts.repository';

/**
 * What other modules ask accounts about a user (they never read users or brand_profiles
 * themselves): the brand a brand user belongs to, and where to write to them.
 */

/** The brand a brand user belongs to, or null (creators, staff, a brand user without a brand). */
export function brandOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  return repo.findBrandIdOfUser(db, userId);
}

/** Where to write to a user: e-mail, role, brand, and whether the account can still sign in. */
export function contactOf(db: DbOrTx, userId: number) {
  return repo.findContact(db, userId);
}

/** Who reviews a brand's contests (its brand users and staff), for live updates of their pages. */
export function reviewersOf(db: DbOrTx, brandId: number | null): Promise<number[]> {
  return repo.findReviewerIds(db, brandId);
}
