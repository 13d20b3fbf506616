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
 * allowlisted types, with range requests (seeking) and nosniff. A video's files are public (a
 * year's `immutable` cache: keys never change content) once it is approved; before, only a signed,
 * unexpired `/media/s/<expiry>/<mac>/<key>` serves them, with `Cache-Control: private`
 * (storage/media-signing.ts). A video's original is never served here. The same for local disk
 * and S3 (the app streams S3 objects itself). Anything refused is a 404, so nobody learns which
 * videos exist.
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
    let cacheControl = 'public, max-age=31536000, immutable';
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

    reply
      .header('Content-Type', type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', cacheControl)
      .header('Accept-Ranges', 'bytes')
      .header('Cross-Origin-Resource-Policy', 'same-site');

    const range = parseRange(request.headers.range, info.size);
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
