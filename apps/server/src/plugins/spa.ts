import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES, SECRET_PAGE_ROUTES } from '@app/domain';
import { declareSecretParams } from '../lib/secret-urls';
import { livePageRenderer, type LiveRender } from './live-pages';
import { PRIVATE_CACHE_CONTROL } from './private-answers';

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

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
/** A quality that compresses a page in a few milliseconds, close to the best ratio for HTML. */
const BROTLI_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page the web build rendered to HTML (apps/web/build/prerender.ts writes the manifest). */
export interface PrerenderedPage {
  /** A route path: `/about`, or a pattern such as `/contests/:contestId`. */
  path: string;
  /** The HTML file, relative to the build folder. */
  file: string;
  /** Paths the pattern would match that belong to other routes (`/contests/create`). */
  except: string[];
  /** A live page's template: the server renders it per request with its data (live-pages.ts). */
  live?: string;
}

/** What the web build writes to `prerendered/manifest.json`. */
interface BuildManifest {
  pages: PrerenderedPage[];
  /** Every route pattern of the web app (`/about`, `/contests/:contestId`); older builds have none. */
  routes?: string[];
}

function readManifest(webDist: string): BuildManifest {
  const manifest = path.join(webDist, 'prerendered', 'manifest.json');
  if (!existsSync(manifest)) return { pages: [] };
  return JSON.parse(readFileSync(manifest, 'utf8')) as BuildManifest;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * True when a route of the web app matches `pathname` as its router would: segment by segment,
 * `:param` standing for one non-empty segment, letter case and a trailing slash ignored.
 */
export function matchesRoute(routes: string[], pathname: string): boolean {
  const segments = (pathname.replace(/\/+$/, '') || '/').split('/').map(decodeSegment);
  return routes.some((route) => {
    const pattern = route.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) =>
        part.startsWith(':') ? segments[i] !== '' : part.toLowerCase() === segments[i]!.toLowerCase(),
      )
    );
  });
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

/** Web app pages whose path carries a secret (the one list, shared with the web app's route test). */
const SECRET_PAGE_PREFIX = new RegExp(
  `^(${SECRET_PAGE_ROUTES.map(([page]) => page.split('/:')[0]).join('|')})/`,
  'i',
);

/**
 * Serves the built web app: hashed assets with a long cache; for a page path, its prerendered
 * HTML when the build made one (public pages), else index.html, so the client router takes
 * over. A path that matches no route of the app answers 404 with index.html, whose router shows
 * the not-found page. Unknown /api paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  const manifest = hasBuild ? readManifest(webDist) : { pages: [] };
  const prerendered = manifest.pages;
  // Without the list (a build from before it was written) every path is taken to be a page.
  const isPage = (pathname: string) => !manifest.routes || matchesRoute(manifest.routes, pathname);
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
  // Pages whose URL carries a secret (e-mail verification, password reset, invitation and
  // unsubscribe links) keep it out of the logs, must not leak it to other sites through the
  // Referer header, and are kept by no cache (a cache stores an answer under its URL).
  for (const [page, secrets] of SECRET_PAGE_ROUTES) declareSecretParams(page, secrets);
  // Callback style, as every hook that runs on each request (plugins/security.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (SECRET_PAGE_PREFIX.test(request.url))
      reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', PRIVATE_CACHE_CONTROL);
    done(null, payload);
  });
  const renderLive = hasBuild ? await livePageRenderer(app, webDist) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
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
    if (!isPage(pathname)) return reply.status(404).sendFile('index.html');
    const page = findPrerenderedPage(prerendered, pathname);
    const live =
      page?.live && renderLive ? await renderLive({ path: page.path, live: page.live }, pathname) : null;
    if (live) return sendHtml(request, reply, live);
    return reply.sendFile(page?.file ?? 'index.html');
  });
}

/**
 * A rendered page, revalidated on every visit like the static ones, compressed as the client
 * accepts (each encoding once per render: live-pages.ts reuses a render while its data is the same).
 */
async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: LiveRender,
): Promise<FastifyReply> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  reply
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.html);
  let body = page.encoded.get(encoding);
  if (!body) {
    body = encoding === 'br' ? await brotli(page.html, BROTLI_FAST) : await gzip(page.html);
    page.encoded.set(encoding, body);
  }
  return reply.header('Content-Encoding', encoding).send(body);
}
