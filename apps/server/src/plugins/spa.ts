import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@app/domain';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * non-API path so the client router takes over. Unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz next to each text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  // Pages whose URL carries a secret (e-mail verification and password reset links) must not leak
  // it to other sites through the Referer header.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/(verify-email|reset-password)\//.test(request.url)) reply.header('Referrer-Policy', 'no-referrer');
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ detail: MESSAGES.generic.notFound, code: 'not_found' });
    }
    // A missing file (an old hashed asset, a typo) is a 404, never the app's HTML.
    if (/\.(js|mjs|css|map|json|txt|ico|png|jpe?g|gif|svg|webp|avif|mp4|webm|vtt|woff2?|br|gz)$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
