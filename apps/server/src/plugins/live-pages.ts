import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** The web app's page renderer (apps/web/src/entry-server.tsx), as the web build leaves it. */
interface PageRenderer {
  setApiTransport(fetchApi: typeof fetch): void;
  loadPageData(pageRoute: string, pathname: string): Promise<PageState | null>;
  renderLivePage(url: string, template: string, state: PageState): Promise<string>;
}

/** TanStack Query's dehydrated state: the queries a page opens with. */
interface PageState {
  queries: { queryHash: string; state: { data?: unknown } }[];
}

/** A live page the build describes: its route and the template its render goes into. */
export interface LivePage {
  path: string;
  live: string;
}

/** A rendered page, and its compressed forms once made (by encoding). */
export interface LiveRender {
  html: string;
  encoded: Map<string, Buffer>;
}

/** Renders a live page for a request path, or answers null (the caller sends the static page). */
export type LivePageRenderer = (page: LivePage, pathname: string) => Promise<LiveRender | null>;

/** The web build's server entry (apps/web/build/prerender.ts writes it there). */
const RENDERER = path.join('.ssr', 'entry-server.js');
/** Renders kept per process: a page renders again only when its data changed. */
const MAX_RENDERS = 200;
/** How long a render is reused: the data's timestamps in it stay recent (the queries' staleTime is 30 s). */
const RENDER_TTL_MS = 20_000;

/**
 * The pages whose first screen shows API data (home, the landing and legal pages, the library, a
 * contest) are rendered on each request with that data, so their content (the largest paint)
 * arrives in the HTML and the browser hydrates it without waiting for the API (issue 27). Their
 * data is the signed-out API's, fetched in process (`app.inject`: no cookie, no network). A render
 * is reused while its data is unchanged; no render (a build without the renderer, an error) means
 * the static page, which fetches its data in the browser.
 */
export async function livePageRenderer(
  app: FastifyInstance,
  webDist: string,
): Promise<LivePageRenderer | undefined> {
  const file = path.join(webDist, RENDERER);
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  renderer.setApiTransport((input, init) => injectFetch(app, input, init));
  const templates = new Map<string, string>();
  const renders = new Map<string, LiveRender & { at: number }>();
  return async (page, pathname) => {
    try {
      const state = await renderer.loadPageData(page.path, pathname);
      if (!state || state.queries.length === 0) return null;
      const key = `${pathname}\n${digest(state)}`;
      const kept = renders.get(key);
      if (kept && Date.now() - kept.at < RENDER_TTL_MS) return kept;
      let template = templates.get(page.live);
      if (template === undefined) {
        template = readFileSync(path.join(webDist, page.live), 'utf8');
        templates.set(page.live, template);
      }
      const render = {
        html: await renderer.renderLivePage(pathname, template, state),
        encoded: new Map<string, Buffer>(),
        at: Date.now(),
      };
      renders.delete(key);
      renders.set(key, render);
      if (renders.size > MAX_RENDERS) renders.delete(renders.keys().next().value!);
      return render;
    } catch (error) {
      logFailure(app.log, pathname, error);
      return null;
    }
  };
}

/** The pages' data only (not when it was fetched): equal data, equal render. */
function digest(state: PageState): string {
  const hash = createHash('sha256');
  for (const query of state.queries) hash.update(query.queryHash).update(JSON.stringify(query.state.data));
  return hash.digest('base64url');
}

function logFailure(log: FastifyBaseLogger, pathname: string, error: unknown): void {
  log.error({ err: error, pathname }, 'live page: render failed, the static page is sent');
}

/** `fetch` for the renderer's API requests: answered by this app in process, signed out, GET only. */
async function injectFetch(
  app: FastifyInstance,
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if ((init?.method ?? 'GET') !== 'GET' || !url.startsWith('/api/'))
    throw new Error(`live page: only GET /api/ requests are answered (${url})`);
  const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload;
  return new Response(body, { status: answer.statusCode, headers });
}
