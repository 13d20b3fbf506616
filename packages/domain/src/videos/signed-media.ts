/**
 * Signed media URLs (the files of a video nobody approved yet): each works for at least
 * `minSeconds`, its expiry rounded up to `roundSeconds` (the URLs of one video stay the same for
 * that long, so the browser's cache keeps working), so for at most `minSeconds + roundSeconds`.
 * Pages that show them fetch them again every `renewEveryMs`, before they expire.
 */
export const SIGNED_MEDIA = {
  minSeconds: 10 * 60,
  roundSeconds: 5 * 60,
  renewEveryMs: 4 * 60 * 1000,
} as const;

/** The signed prefix of a media URL (`/media/s/<expiry>/<mac>/`), which renewing replaces. */
export const SIGNED_MEDIA_PREFIX = /^(?:https?:\/\/[^/]+)?\/media\/s\/\d+\/[A-Za-z0-9_-]{43}\//;
