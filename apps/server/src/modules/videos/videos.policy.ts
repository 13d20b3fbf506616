import type { AuthUser } from '../../plugins/auth';

/** What the rules read of a video. */
interface VideoAccess {
  ownerId: number;
  isApproved: boolean;
  /**
   * The caller is a brand user of a contest this video was entered in (a version of a contest
   * entry); looked up by the service for brand callers, false when not known.
   */
  enteredInCallersContest?: boolean;
}

/**
 * Anyone sees an approved video; before approval its owner, staff and the brand of the contest it
 * was entered in (who review it there) do.
 */
export function canSeeVideo(user: AuthUser | undefined, video: VideoAccess): boolean {
  return (
    video.isApproved ||
    (!!user && (user.id === video.ownerId || user.role === 'staff' || isBrandOfEnteredContest(user, video)))
  );
}

/** Only staff list everyone's unapproved videos (the review queue). */
export function canListUnapprovedVideos(user: AuthUser | undefined): boolean {
  return user?.role === 'staff';
}

/** Only the owner changes a video's title and description. */
export function canEditVideo(user: AuthUser, video: VideoAccess): boolean {
  return user.id === video.ownerId;
}

/** The owner or staff delete a video. */
export function canDeleteVideo(user: AuthUser, video: VideoAccess): boolean {
  return user.id === video.ownerId || user.role === 'staff';
}

/** Only the owner adds or replaces a video's captions. */
export function canEditCaptions(user: AuthUser, video: VideoAccess): boolean {
  return user.id === video.ownerId;
}

/** A brand user of the contest the video was entered in (a version of one of its entries). */
export function isBrandOfEnteredContest(user: AuthUser, video: VideoAccess): boolean {
  return user.role === 'brand' && video.enteredInCallersContest === true;
}

/** The original file: its owner, staff and the brand of the contest it was entered in; nobody else. */
export function canDownloadOriginal(user: AuthUser | undefined, video: VideoAccess): boolean {
  if (!user) return false;
  return user.id === video.ownerId || user.role === 'staff' || isBrandOfEnteredContest(user, video);
}
