import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_MEDIA } from '@app/domain';
import { memoUntilExpiry } from '../lib/expiring-memo';

/**
 * Private media (issue 18, L8): the files of a video nobody approved yet — renditions, segments,
 * playlists, poster, preview, captions — are served only under a signed, expiring prefix:
 *
 *   /media/s/<expiry>/<mac>/videos/<uuid>/hls/master.m3u8
 *
 * `<mac>` is an HMAC-SHA256 (the server secret) over the video's folder and the expiry, so one
 * signature covers every file of that video: an HLS player resolves the playlists' relative
 * references (`360p/playlist.m3u8`, `seg00001.m4s`) against the signed prefix and every segment
 * request carries it, which a per-file query-string signature cannot do. The original is never
 * served under /media, signed or not (downloads only through the API's `download_url`).
 */

/**
 * How long a signed media URL works at least: minutes (issue 30, finding 6), so a URL copied out
 * of a page, or kept by an account deactivated since, soon stops working. Pages renew the URLs
 * (they fetch the video again every SIGNED_MEDIA.renewEveryMs) and the player moves playback onto
 * the renewed prefix without a restart.
 */
export const MEDIA_URL_SECONDS = SIGNED_MEDIA.minSeconds;
/**
 * Expiries are rounded up to the next SIGNED_MEDIA.roundSeconds, so the URLs of one video stay the
 * same that long and the browser's cache keeps working across page loads.
 */
const ROUND_SECONDS = SIGNED_MEDIA.roundSeconds;

const VIDEO_FOLDER = /^(videos\/[a-z0-9-]{1,64}\/)(.+)$/;

/** A video's folder and the rest of the key, for keys of video files; null for other media. */
export function videoFolderOf(key: string): { folder: string; file: string } | null {
  const match = VIDEO_FOLDER.exec(key);
  return match ? { folder: match[1]!, file: match[2]! } : null;
}

/** The uploaded original (`videos/<uuid>/original.<ext>`): never served under /media. */
export function isOriginalKey(key: string): boolean {
  return /^original\.[a-z0-9]+$/.test(videoFolderOf(key)?.file ?? '');
}

const mac = (secret: string, folder: string, expires: number) =>
  createHmac('sha256', secret).update(`media:${folder}:${expires}`).digest('base64url');

/** The signed prefixes of the current expiry, by secret and folder (`memoUntilExpiry`). */
const signedPrefixes = memoUntilExpiry();

/** The signed URL of a video's file (`key` under `videos/<uuid>/`), valid until at least now + MEDIA_URL_SECONDS. */
export function signedMediaUrl(secret: string, key: string, now = Date.now()): string {
  const parts = videoFolderOf(key);
  if (!parts) throw new Error(`not a video file: ${key}`);
  const expires = Math.ceil((Math.floor(now / 1000) + MEDIA_URL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
  const prefix = signedPrefixes(
    expires,
    `${secret}\u0000${parts.folder}`,
    () => `/media/s/${expires}/${mac(secret, parts.folder, expires)}/`,
  );
  return `${prefix}${key}`;
}

/** A signed path's parts (`s/<expiry>/<mac>/<key>`), or null when it is not one. */
export function parseSignedPath(path: string): { expires: number; signature: string; key: string } | null {
  const match = /^s\/(\d{1,12})\/([A-Za-z0-9_-]{43})\/(.+)$/.exec(path);
  if (!match) return null;
  return { expires: Number(match[1]), signature: match[2]!, key: match[3]! };
}

/** Whether `signature` was made by this server for the folder of `key` and has not expired. */
export function verifyMediaSignature(
  secret: string,
  key: string,
  expires: number,
  signature: string,
  now = Date.now(),
): boolean {
  const parts = videoFolderOf(key);
  if (!parts) return false;
  const expected = Buffer.from(mac(secret, parts.folder, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return expires * 1000 >= now;
}

/**
 * Who may fetch a video file without a signature: 'public' (the video is approved), or 'private'
 * (not approved, unknown or deleted: only a signed URL serves it).
 */
export type MediaAccess = (folder: string) => Promise<'public' | 'private'>;

/** The URL of a video's media for presenting: public once approved, signed before. */
export function videoMediaUrl(
  secret: string,
  url: (key: string) => string,
  video: { isApproved: boolean },
): (key: string) => string {
  return (key) => (video.isApproved || !videoFolderOf(key) ? url(key) : signedMediaUrl(secret, key));
}
