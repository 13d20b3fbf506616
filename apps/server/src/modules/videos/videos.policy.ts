import type { AuthUser } from '../../plugins/auth';

/** What the rules read of a video. */
interface VideoAccess {
  ownerId: number;
  isApproved: boolean;
}

/** Anyone sees an approved video; before approval only its owner and staff do. */
export function canSeeVideo(user: AuthUser | undefined, video: VideoAccess): boolean {
  return video.isApproved || (!!user && (user.id === video.ownerId || user.role === 'staff'));
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

/**
 * The brand that runs the contest a video was entered in. Contest entries do not exist yet (a
 * video's `contest_id` is not an entry a brand accepted), so no brand qualifies until they do:
 * this answers false for everyone, and the download rule already asks it.
 */
export function isBrandOfEnteredContest(_user: AuthUser, _video: VideoAccess): boolean {
  return false;
}

/** The original file: its owner, staff and the brand of the contest it was entered in; nobody else. */
export function canDownloadOriginal(user: AuthUser | undefined, video: VideoAccess): boolean {
  if (!user) return false;
  return user.id === video.ownerId || user.role === 'staff' || isBrandOfEnteredContest(user, video);
}
