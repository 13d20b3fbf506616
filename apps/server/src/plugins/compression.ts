import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'];
// Brotli at a low quality: these answers are made per request, so speed beats ratio.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses the API's answers (JSON lists such as the library's page of videos shrink to a fifth).
 * Registered in the /api scope only: the web app's files are precompressed at build time
 * (apps/web/build/precompress.ts) and media are served with byte ranges, which compressing would
 * break.
 *
 * A JSON answer made in memory (every route's) is compressed in one call and sent with its length.
 * @fastify/compress turns such an answer into a stream, pipes it through zlib in 16 KB pieces and
 * sends the result in chunks: for the reviewers' entries list (170 KB) that took ~2 ms more CPU a
 * request than one call, and its p99 at 50 req/s went from ~20 to ~45 ms (`npm run bench`'s open
 * loop asks for gzip, as browsers do). Answers it leaves alone (streams, other types) still go
 * through @fastify/compress, which also skips what this hook has compressed.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  api.addHook('onSend', (request, reply, payload, done) => {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    const accepted = request.headers['accept-encoding'];
    if (!accepted || reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined)
      return done(null, payload);
    // '*' (no preference) and 'x-gzip' read as gzip, as @fastify/compress reads them.
    const encoding = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (!encoding || bytes.length < THRESHOLD_BYTES) return done(null, payload);
    const sent = (error: Error | null, compressed: Buffer) => {
      if (error) return done(error);
      reply.header('content-encoding', encoding);
      varyOnEncoding(reply);
      done(null, compressed);
    };
    if (encoding === 'br') brotliCompress(bytes, BROTLI_OPTIONS, sent);
    else gzip(bytes, sent);
  });
  await api.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    brotliOptions: BROTLI_OPTIONS,
  });
}

/** Caches keep one copy per encoding (the header @fastify/compress sets). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}
