import type { FastifyInstance, FastifyReply } from 'fastify';
import parseRangeHeader from 'range-parser';
import {
  isOriginalKey,
  parseSignedPath,
  verifyMediaSignature,
  videoFolderOf,
  type MediaAccess,
} from './media-signing';
import { contentTypeOf, isPrivateKey, isSafeKey, type Storage } from './storage';

/** How long a browser may keep a private file (at most until its URL expires). */
const PRIVATE_MAX_AGE_SECONDS = 60 * 60;

/**
 * An approved video's files: public only while the video stays approved, which its owner's edit,
 * a rejection or a deletion ends at any moment. Browsers and CDNs may keep them but must ask
 * before each use (`no-cache`), so the moment the video leaves public view no cache serves them
 * again; a year's `immutable` kept them public in every cache after the database said otherwise.
 * Asking is cheap: a matching ETag gets a 304 without a body, after the one indexed read of the
 * access check. A short max-age would spare even that, but leave them public that long.
 */
const PUBLIC_VIDEO_CACHE = 'public, no-cache';
/** Other media (avatars, images) are public for good, and a key never changes content: a year. */
const PUBLIC_FOREVER = 'public, max-age=31536000, immutable';

/**
 * A file's validator. A stored key never changes content (a new caption track or master playlist
 * goes under a new key), so the size identifies the bytes behind a URL, and none is read for it.
 */
const etagOf = (size: number) => `"${size.toString(36)}"`;

/** Whether an `If-None-Match` header names `etag` (or is `*`), compared weakly as RFC 9110 §13.1.2 says. */
function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The one byte range a `Range` header asks for (range-parser, overlapping parts combined): null when
 * absent, malformed, not in bytes or several disjoint parts (the whole file is sent then, as RFC 9110
 * allows), 'unsatisfiable' when it lies past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header?.startsWith('bytes=')) return null;
  const ranges = parseRangeHeader(size, header, { combine: true });
  if (ranges === -2) return null;
  if (ranges === -1) {
    // range-parser 1.x refuses a suffix longer than the file; RFC 9110 §14.1.2 serves all of it.
    return /^bytes=-0*[1-9]\d*$/.test(header) && size > 0 ? { start: 0, end: size - 1 } : 'unsatisfiable';
  }
  return ranges.length === 1 ? ranges[0]! : null;
}

/**
 * Serves stored media at /media/<key>: only keys that cannot escape the media folder and only
 * allowlisted types, with range requests (seeking), ETags (304, `If-Range`) and nosniff. A video's
 * files are public while it is approved (`access` asks the database on every request; caches
 * revalidate every use: PUBLIC_VIDEO_CACHE); otherwise only a signed, unexpired
 * `/media/s/<expiry>/<mac>/<key>` serves them, with `Cache-Control: private`
 * (storage/media-signing.ts). A video's original is never served here. The same for local disk
 * and S3 (the app streams S3 objects itself). Anything refused is a 404, revalidations included,
 * so nobody learns which videos exist.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  storage: Storage,
  options: { secret: string; access: MediaAccess },
): void {
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
  app.get('/media/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const signed = parseSignedPath(path);
    const key = signed ? signed.key : path;
    const type = isSafeKey(key) ? contentTypeOf(key) : undefined;
    if (!type || isOriginalKey(key) || isPrivateKey(key)) return notFound(reply);
    const video = videoFolderOf(key);
    let cacheControl = video ? PUBLIC_VIDEO_CACHE : PUBLIC_FOREVER;
    if (signed) {
      if (!verifyMediaSignature(options.secret, key, signed.expires, signed.signature))
        return notFound(reply);
      const left = Math.max(0, signed.expires - Math.floor(Date.now() / 1000));
      cacheControl = `private, max-age=${Math.min(left, PRIVATE_MAX_AGE_SECONDS)}`;
    } else if (video && (await options.access(video.folder)) !== 'public') {
      return notFound(reply);
    }
    const info = await storage.stat(key);
    if (!info) return notFound(reply);
    const etag = etagOf(info.size);

    reply
      .header('Content-Type', type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', cacheControl)
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header('Cross-Origin-Resource-Policy', 'same-site');

    if (noneMatchHits(request.headers['if-none-match'], etag)) return reply.status(304).send();
    // A range to splice into a cached copy only if that copy is these bytes (strong comparison).
    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
    const range = parseRange(rangeHeader, info.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
    }
    const object = await storage.get(key, range ?? undefined);
    if (!object) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('Content-Length', range.end - range.start + 1);
    } else {
      reply.header('Content-Length', object.size);
    }
    return reply.send(object.stream);
  });
}
