import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

/**
 * A stand-in for the web build's page renderer (apps/web/src/entry-server.tsx): it reads its
 * contest through the transport the server gives it and renders the title into the template.
 */
const RENDERER = `
let send;
export function setApiTransport(fetchApi) { send = fetchApi; }
export async function loadPageData(route, pathname) {
  const id = pathname.split('/')[2];
  const answer = await send('/api/contests/' + id + '/', { method: id === 'posted' ? 'POST' : 'GET' });
  if (!answer.ok) return { queries: [] };
  const data = await answer.json();
  if (data.title === 'fails') throw new Error('the render failed');
  return { queries: [{ queryHash: id, state: { data, dataUpdatedAt: Date.now() } }] };
}
export async function renderLivePage(url, template, state) {
  globalThis.liveRenders = (globalThis.liveRenders ?? 0) + 1;
  return template.replace('<!--app-html-->', '<h1>' + state.queries[0].state.data.title + '</h1>');
}
`;

const PAGES = [
  {
    path: '/contests/:contestId',
    file: 'prerendered/contests/[contestId].html',
    except: [],
    live: 'prerendered/contests/[contestId].live.html',
  },
];
const SKELETON = '<div id="root" data-prerendered><p>Loading contest</p></div>';
const renders = () => (globalThis as { liveRenders?: number }).liveRenders ?? 0;

describe('live pages', () => {
  let dir: string;
  let app: FastifyInstance;
  const titles = new Map<string, string>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cc-live-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write('index.html', '<div id="root"></div>');
    write(PAGES[0]!.file, SKELETON);
    write(PAGES[0]!.live, '<div id="root" data-prerendered><!--app-html--></div>');
    write('.ssr/package.json', '{ "type": "module" }');
    write('.ssr/entry-server.js', RENDERER);
    write('prerendered/manifest.json', JSON.stringify({ pages: PAGES, routes: ['/contests/:contestId'] }));
    app = Fastify();
    app.get<{ Params: { id: string } }>('/api/contests/:id/', async (request, reply) => {
      const title = titles.get(request.params.id);
      return title ? { title } : reply.status(404).send({ detail: 'Not found.' });
    });
    await registerSpa(app, dir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    titles.clear();
    titles.set('1', 'Chair contest');
  });

  it('sends the page rendered with its data, revalidated on each visit', async () => {
    const res = await app.inject({ url: '/contests/1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('<div id="root" data-prerendered><h1>Chair contest</h1></div>');
    const head = await app.inject({ method: 'HEAD', url: '/contests/1' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
  });

  it('renders again only when the data changed', async () => {
    await app.inject({ url: '/contests/1' });
    const before = renders();
    expect((await app.inject({ url: '/contests/1' })).body).toContain('<h1>Chair contest</h1>');
    expect(renders()).toBe(before);
    titles.set('1', 'Renamed contest');
    expect((await app.inject({ url: '/contests/1' })).body).toContain('<h1>Renamed contest</h1>');
    expect(renders()).toBe(before + 1);
  });

  it('sends the static page when the data is missing, the render fails or asks for more than a GET', async () => {
    titles.set('2', 'fails');
    titles.set('posted', 'Posted');
    for (const url of ['/contests/404', '/contests/2', '/contests/posted']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SKELETON);
    }
  });

  it('compresses the page as the client accepts', async () => {
    const res = await app.inject({ url: '/contests/1', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Chair contest</h1>');
  });
});
