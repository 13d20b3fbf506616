import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the API's answers (JSON lists such as the library's page of videos shrink to a fifth).
 * Registered in the /api scope only: the web app's files are precompressed at build time
 * (apps/web/build/precompress.ts) and media are served with byte ranges, which compressing would
 * break. Brotli at a low quality: these answers are made per request, so speed beats ratio.
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
