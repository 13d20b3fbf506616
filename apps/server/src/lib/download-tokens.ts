import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenClaims } from '../plugins/auth';
import { memoUntilExpiry } from './expiring-memo';

/**
 * How long a download link works at least after the JSON that carries it was fetched; its expiry
 * is rounded up to the next EXPIRY_ROUND_SECONDS, so a page read again within that minute carries
 * the same tokens (`memoUntilExpiry`).
 */
export const DOWNLOAD_TOKEN_SECONDS = 60 * 60;
const EXPIRY_ROUND_SECONDS = 60;
const tokens = memoUntilExpiry();

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`download:${payload}`).digest('base64url');

/**
 * What a token opens: a video's original (its id) or another private file (`release-<id>`); a
 * token for one never opens another.
 */
export type DownloadResource = number | `${string}-${number}`;

/**
 * A token for one user to download one file (a video's original, a release form):
 * `<user id>.<role>.<token version>.<session id or ->.<expiry>.<mac>`, so a plain link (a browser
 * download sends no Authorization header) can prove who asked, in which session. The download
 * checks that the account and session are still current (not deactivated, not signed out: the
 * access token's rule) and that user against the video's rules at the time of the download.
 */
export function signDownloadToken(
  secret: string,
  resource: DownloadResource,
  user: TokenClaims,
  now = Date.now(),
): string {
  const expires =
    Math.ceil((Math.floor(now / 1000) + DOWNLOAD_TOKEN_SECONDS) / EXPIRY_ROUND_SECONDS) *
    EXPIRY_ROUND_SECONDS;
  const payload = `${user.id}.${user.role}.${user.tokenVersion ?? 0}.${user.sessionId ?? '-'}.${expires}`;
  return tokens(
    expires,
    `${secret}\u0000${resource}.${payload}`,
    () => `${payload}.${mac(secret, `${resource}.${payload}`)}`,
  );
}

/** The user a token was signed for, or null when it is not valid for this file (or expired). */
export function verifyDownloadToken(
  secret: string,
  resource: DownloadResource,
  token: string,
  now = Date.now(),
): TokenClaims | null {
  const match =
    /^(\d{1,10})\.([a-z]{1,20})\.(\d{1,10})\.([0-9a-f-]{36}|-)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, role, version, session, expires, signature] = match;
  const expected = Buffer.from(mac(secret, `${resource}.${id}.${role}.${version}.${session}.${expires}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 < now) return null;
  return {
    id: Number(id),
    role: role as TokenClaims['role'],
    tokenVersion: Number(version),
    ...(session === '-' ? {} : { sessionId: session }),
  };
}

/** A file name safe in any Content-Disposition and file system: ASCII letters, digits, '-', '_'. */
export function safeFileName(title: string, extension: string, fallback = 'video'): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, 80) || fallback;
  return `${base}.${extension.replace(/[^a-z0-9]/g, '') || 'bin'}`;
}
