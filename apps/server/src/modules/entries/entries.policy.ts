import type { AuthUser } from '../../plugins/auth';
import { isContestMember, type Member } from '../../lib/policy';

/**
 * Who may do what with contest entries. The viewer carries the caller's brand (brand users only),
 * read once per request by the service. Reviewers are the contest's members: staff and the users
 * of the contest's brand (`isContestMember`).
 */
export type EntryViewer = Member;

/** Only creators submit videos (and only when selected: the service checks that). */
export function canSubmit(user: AuthUser): boolean {
  return user.role === 'creator';
}

/** An entry, its versions, notes and timeline: the entrant and the reviewers; nobody else. */
export function canSeeEntry(viewer: EntryViewer, entry: { userId: number; contestBrandId: number }): boolean {
  return viewer.id === entry.userId || canReview(viewer, entry);
}

/** New notes pinned to a moment, resolving notes and requesting a revision: reviewers only. */
export function canReview(viewer: EntryViewer, entry: { contestBrandId: number }): boolean {
  return isContestMember(viewer, { brandId: entry.contestBrandId });
}

/** The entrant replies to notes (and resolves them once the revision answers them). */
export function canReply(viewer: EntryViewer, entry: { userId: number; contestBrandId: number }): boolean {
  return canSeeEntry(viewer, entry);
}
