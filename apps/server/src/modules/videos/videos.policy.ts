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
