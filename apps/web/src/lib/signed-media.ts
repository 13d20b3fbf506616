import { SIGNED_MEDIA, SIGNED_MEDIA_PREFIX } from '@app/domain';

/** Whether fetched `data` holds a signed media URL anywhere (they expire in minutes). */
export function holdsSignedMedia(data: unknown): boolean {
  return data !== undefined && JSON.stringify(data).includes('/media/s/');
}

/**
 * The refetch interval of a query whose data may hold signed media URLs: often enough that the
 * page always has URLs that work (the server signs them for SIGNED_MEDIA.minSeconds at least).
 */
export function signedMediaRenewal(data: unknown): number | false {
  return holdsSignedMedia(data) ? SIGNED_MEDIA.renewEveryMs : false;
}

/** `url`'s signed prefix and the key after it, or null for a URL that is not signed. */
function splitSigned(url: string): { prefix: string; key: string } | null {
  const match = SIGNED_MEDIA_PREFIX.exec(url);
  return match ? { prefix: match[0], key: url.slice(match[0].length) } : null;
}

/** The folder of a video's file key (`videos/<uuid>/`). */
const folderOf = (key: string) => /^videos\/[^/]+\//.exec(key)?.[0] ?? null;

/**
 * `url` under the signature of `latest` (a renewed URL of a file of the same video), so a
 * playlist's segments keep loading after the URLs they were resolved from expired; `url` itself
 * when either is not signed or they belong to different videos.
 */
export function renewSignedUrl(url: string, latest: string | null | undefined): string {
  const current = splitSigned(url);
  const renewed = latest ? splitSigned(latest) : null;
  if (!current || !renewed || current.prefix === renewed.prefix) return url;
  const folder = folderOf(current.key);
  if (!folder || folder !== folderOf(renewed.key)) return url;
  const origin = /^https?:\/\/[^/]+/.exec(current.prefix)?.[0] ?? '';
  return origin + renewed.prefix.replace(/^https?:\/\/[^/]+/, '') + current.key;
}

/** The URL without its signature: the same file whatever the signature (null stays null). */
export function unsignedUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const parts = splitSigned(url);
  return parts ? parts.key : url;
}
