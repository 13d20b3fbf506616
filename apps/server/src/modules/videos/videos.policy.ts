import { hasRole, isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';

/** What the rules read of a video. */
export interface VideoAccess {
  ownerId: number;
  isApproved: boolean;
  /**
   * The caller is a member of the brand whose contest the video was entered in (a version of an
   * entry in contest_entries / entry_versions); the service looks it up for brand callers.
   */
  enteredWithCallersBrand?: boolean;
  /**
   * The video is a master delivered to the caller's brand: the judged (newest) version of an entry
   * that placed in a contest of that brand whose results are published (delivery's rule, asked
   * through `VideosPorts.mastersDeliveredToBrand`); looked up for brand callers.
   */
  deliveredToCallersBrand?: boolean;
}

/**
 * Anyone sees an approved video; before approval its owner, staff and the brand of the contest it
 * was entered in (who review the entry) do.
 */
export function canSeeVideo(user: Caller | undefined, video: VideoAccess): boolean {
  return (
    video.isApproved ||
    (!!user && (user.id === video.ownerId || isStaff(user) || isBrandOfEnteredContest(user, video)))
  );
}

/**
 * Who reads a video's technical check (issue 51): its owner and staff, and the brand of a contest
 * it was entered in, whose users judge its entries (judging's `canJudge`: a contest's judges are
 * its members), as `canSeeVideo` lets them see the video before approval. Approval does not make
 * the report public.
 */
export function canSeeQcReport(user: Caller, video: VideoAccess): boolean {
  return user.id === video.ownerId || isStaff(user) || isBrandOfEnteredContest(user, video);
}

/** Only staff list everyone's unapproved videos (the review queue). */
export function canListUnapprovedVideos(user: Caller | undefined): boolean {
  return isStaff(user);
}

/** Only the owner changes a video's title and description. */
export function canEditVideo(user: Caller, video: VideoAccess): boolean {
  return user.id === video.ownerId;
}

/** The owner or staff delete a video. */
export function canDeleteVideo(user: Caller, video: VideoAccess): boolean {
  return user.id === video.ownerId || isStaff(user);
}

/** Only the owner adds or replaces a video's captions. */
export function canEditCaptions(user: Caller, video: VideoAccess): boolean {
  return user.id === video.ownerId;
}

/**
 * A brand user: only a brand caller's access depends on its brand's entries and deliveries
 * (`enteredWithCallersBrand`, `deliveredToCallersBrand`), so only theirs are looked up.
 */
export function isBrandCaller(user: Caller | undefined): user is Caller {
  return hasRole(user, 'brand');
}

/**
 * The brand that runs the contest a video was entered in: a brand user whose brand's contest has
 * an entry with this video as one of its versions. A video's own `contest_id` (chosen by its
 * creator at upload) does not count: only an entry does.
 */
export function isBrandOfEnteredContest(user: Caller, video: VideoAccess): boolean {
  return user.role === 'brand' && video.enteredWithCallersBrand === true;
}

/**
 * The one rule for a video's original file, on every route that serves or links it (the video's
 * download and `download_url`, a delivery's master): its owner and staff at any time; the brand of
 * a contest only as a delivery gives it, the master of a winning entry once results are published
 * (`deliveredToCallersBrand`). Reviewers, the brand's users among them, watch the renditions.
 */
export function canDownloadOriginal(user: Caller | undefined, video: VideoAccess): boolean {
  if (!user) return false;
  return (
    user.id === video.ownerId ||
    isStaff(user) ||
    (user.role === 'brand' && video.deliveredToCallersBrand === true)
  );
}
