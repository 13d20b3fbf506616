import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@app/domain';
import { declareSecretParams } from '../lib/secret-urls';

/**
 * Hashed build assets never change under their name: cached for a year. HTML names the current
 * assets, so it is revalidated on every visit (a deploy is picked up at once). Other public files
 * (favicon, marketing media) keep their names across deploys: an hour.
 */
function cacheControl(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.html(\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}

/** A page the web build rendered to HTML (apps/web/build/prerender.ts writes the manifest). */
export interface PrerenderedPage {
  /** A route path: `/about`, or a pattern such as `/contests/:contestId`. */
  path: string;
  /** The HTML file, relative to the build folder. */
  file: string;
  /** Paths the pattern would match that belong to other routes (`/contests/create`). */
  except: string[];
}

function readPrerenderedPages(webDist: string): PrerenderedPage[] {
  const manifest = path.join(webDist, 'prerendered', 'manifest.json');
  if (!existsSync(manifest)) return [];
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { pages: PrerenderedPage[] }).pages;
}

/** The prerendered page for a request path (an exact path first, then a pattern), if any. */
export function findPrerenderedPage(pages: PrerenderedPage[], pathname: string): PrerenderedPage | undefined {
  const wanted = pathname.replace(/\/+$/, '') || '/';
  const exact = pages.find((page) => page.path === wanted);
  if (exact) return exact;
  const segments = wanted.split('/');
  return pages.find((page) => {
    const pattern = page.path.split('/');
    return (
      pattern.length === segments.length &&
      !page.except.includes(wanted) &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/**
 * Serves the built web app: hashed assets with a long cache; for a page path, its prerendered
 * HTML when the build made one (public pages), else index.html, so the client router takes
 * over. Unknown /api paths answer a JSON 404.
 */
/** Web app pages whose path carries a secret, with its parameters. */
const SECRET_PAGES: Array<[string, string[]]> = [
  ['/verify-email/:uid/:token', ['uid', 'token']],
  ['/reset-password/:uidb64/:token', ['uidb64', 'token']],
];
const SECRET_PAGE_PREFIX = new RegExp(`^(${SECRET_PAGES.map(([page]) => page.split('/:')[0]).join('|')})/`);

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  const prerendered = hasBuild ? readPrerenderedPages(webDist) : [];
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz next to each text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      // Cache-Control is ours (setHeaders), per file kind.
      cacheControl: false,
      setHeaders(response, filePath) {
        response.setHeader('Cache-Control', cacheControl(filePath));
      },
    });
  }
  // Pages whose URL carries a secret (e-mail verification and password reset links) keep it out of
  // the logs and must not leak it to other sites through the Referer header.
  for (const [page, secrets] of SECRET_PAGES) declareSecretParams(page, secrets);
  app.addHook('onSend', async (request, reply) => {
    if (SECRET_PAGE_PREFIX.test(request.url)) reply.header('Referrer-Policy', 'no-referrer');
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pathname === '/api' || pathname.startsWith('/api/') || !isPageRequest) {
      return reply.status(404).send({ detail: MESSAGES.generic.notFound, code: 'not_found' });
    }
    // A missing file (an old hashed asset, a typo) is a 404, never the app's HTML.
    if (
      /\.(js|mjs|css|map|json|txt|ico|png|jpe?g|gif|svg|webp|avif|mp4|webm|vtt|woff2?|br|gz)$/i.test(pathname)
    ) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.sendFile(findPrerenderedPage(prerendered, pathname)?.file ?? 'index.html');
  });
}
