import type { AuthUser } from '../../plugins/auth';

/**
 * Who may do what with contest entries. `brandId` is the caller's brand (brand users only), read
 * once per request by the service.
 */
export interface EntryViewer {
  user: AuthUser;
  brandId: number | null;
}

/** Staff and the brand users of the contest's brand review its entries. */
export function isReviewer(viewer: EntryViewer, contest: { brandId: number }): boolean {
  return (
    viewer.user.role === 'staff' ||
    (viewer.user.role === 'brand' && viewer.brandId !== null && viewer.brandId === contest.brandId)
  );
}

/** Only creators submit videos (and only when selected: the service checks that). */
export function canSubmit(user: AuthUser): boolean {
  return user.role === 'creator';
}

/** An entry, its versions, notes and timeline: the entrant and the reviewers; nobody else. */
export function canSeeEntry(viewer: EntryViewer, entry: { userId: number; contestBrandId: number }): boolean {
  return viewer.user.id === entry.userId || isReviewer(viewer, { brandId: entry.contestBrandId });
}

/** New notes pinned to a moment, resolving notes and requesting a revision: reviewers only. */
export function canReview(viewer: EntryViewer, entry: { contestBrandId: number }): boolean {
  return isReviewer(viewer, { brandId: entry.contestBrandId });
}

/** The entrant replies to notes (and resolves them once the revision answers them). */
export function canReply(viewer: EntryViewer, entry: { userId: number; contestBrandId: number }): boolean {
  return canSeeEntry(viewer, entry);
}
