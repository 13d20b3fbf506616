import type { DbOrTx } from '../../db/client';
import * as repo from './accounts.repository';

/**
 * What other modules ask accounts about a user (they never read users or brand_profiles
 * themselves): where to write to them, and who reviews a brand's contests. A caller's own
 * brand comes with the request (`Caller.brandId`, resolved by the access check).
 */

/** Where to write to a user: e-mail, role, brand, and whether the account can still sign in. */
export function contactOf(db: DbOrTx, userId: number) {
  return repo.findContact(db, userId);
}

/** Who reviews a brand's contests (its brand users and staff), for live updates of their pages. */
export function reviewersOf(db: DbOrTx, brandId: number | null): Promise<number[]> {
  return repo.findReviewerIds(db, brandId);
}

/** The active members of a brand's team, any role (conversations: who the brand side is). */
export function brandMemberIdsOf(db: DbOrTx, brandId: number): Promise<number[]> {
  return repo.findBrandMemberIds(db, brandId);
}
