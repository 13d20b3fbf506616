import type { FastifyInstance } from 'fastify';
import { contentTypeOf, isSafeKey, type Storage } from './storage';

/** Parses a single `bytes=` range; null when absent or unparsable, 'unsatisfiable' when out of bounds. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Serves stored media at /media/<key>: only keys that cannot escape the media folder and only
 * allowlisted types, with range requests (seeking), a long cache (keys never change content)
 * and nosniff.
 */
export function registerMediaRoutes(app: FastifyInstance, storage: Storage): void {
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const type = isSafeKey(key) ? contentTypeOf(key) : undefined;
    if (!type) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    const info = await storage.stat(key);
    if (!info) return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });

    reply
      .header('Content-Type', type)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
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
