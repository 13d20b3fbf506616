import type { Role } from '@app/domain';
import type { Caller } from '../../plugins/auth';
import { assertContestMember, hasRole, isContestMember, type ContestRole } from '../../lib/policy';
import { brandRoleGuard } from '../accounts';

/**
 * Of a brand's team, who reviews entries (pins and resolves notes, asks for a revision): owners,
 * managers and reviewers (issue 49); a viewer gets 403. Routes declare it after `requireUser`.
 */
export const entryReviewers = brandRoleGuard('review');

/**
 * Staff's exceptions to a contest's blocking technical checks (issue 51), on an entry or on a
 * submission held at the check, and the list of held submissions: staff only, declared by the
 * routes' `app.requireStaff` (403 for every other account, 401 anonymous).
 */

/** Only creators submit videos (and only when selected: the service checks that). */
export function canSubmit(user: Caller): boolean {
  return hasRole(user, 'creator');
}

/** An entry, its versions, notes and timeline: the entrant and the reviewers; nobody else. */
export function canSeeEntry(viewer: Caller, entry: { userId: number; contestBrandId: number }): boolean {
  return viewer.id === entry.userId || canReview(viewer, entry);
}

/** New notes pinned to a moment, resolving notes and requesting a revision: reviewers only. */
export function canReview(viewer: Caller, entry: { contestBrandId: number }): boolean {
  return isContestMember(viewer, { brandId: entry.contestBrandId });
}

/** A contest's list of entries: its reviewers (staff, the contest's brand); 403 for anyone else. */
export function assertCanReviewContest(viewer: Caller, contest: { brandId: number }): void {
  assertContestMember(viewer, contest);
}

/** The entrant replies to notes (and resolves them once the revision answers them). */
export function canReply(viewer: Caller, entry: { userId: number; contestBrandId: number }): boolean {
  return canSeeEntry(viewer, entry);
}

/**
 * Who signs off a version of an entry (issue 49): the members of the contest's brand whose role
 * reviews (the route's `entryReviewers` guard). Staff do not approve for a brand, nor does the
 * entrant: 403 for them (they see the entry), 404 for those who do not.
 */
export function canApprove(viewer: Caller, entry: { contestBrandId: number }): boolean {
  return isContestBrandUser(viewer, entry);
}

/** A note written as a reviewer (staff or a brand user): it e-mails the entrant. */
export function isReviewerRole(role: Role | null): role is ContestRole {
  return role === 'staff' || role === 'brand';
}

/** A thread a brand user started: the entrant's reply to it e-mails that user. */
export function isBrandRole(role: Role | null): boolean {
  return role === 'brand';
}

/** An account that (still) speaks for the contest's brand: a brand user of that brand. */
export function isContestBrandUser(
  account: { role: Role; brandId: number | null },
  entry: { contestBrandId: number },
): boolean {
  return hasRole(account, 'brand') && account.brandId === entry.contestBrandId;
}
