import type { Caller } from '../../plugins/auth';
import { isContestMember } from '../../lib/policy';

/** Only creators submit videos (and only when selected: the service checks that). */
export function canSubmit(user: Caller): boolean {
  return user.role === 'creator';
}

/** An entry, its versions, notes and timeline: the entrant and the reviewers; nobody else. */
export function canSeeEntry(viewer: Caller, entry: { userId: number; contestBrandId: number }): boolean {
  return viewer.id === entry.userId || canReview(viewer, entry);
}

/** New notes pinned to a moment, resolving notes and requesting a revision: reviewers only. */
export function canReview(viewer: Caller, entry: { contestBrandId: number }): boolean {
  return isContestMember(viewer, { brandId: entry.contestBrandId });
}

/** The entrant replies to notes (and resolves them once the revision answers them). */
export function canReply(viewer: Caller, entry: { userId: number; contestBrandId: number }): boolean {
  return canSeeEntry(viewer, entry);
}
