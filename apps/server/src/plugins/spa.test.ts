import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPrerenderedPage, matchesRoute, registerSpa, type PrerenderedPage } from './spa';

const PAGES: PrerenderedPage[] = [
  { path: '/', file: 'prerendered/index.html', except: [] },
  { path: '/about', file: 'prerendered/about.html', except: [] },
  {
    path: '/contests/:contestId',
    file: 'prerendered/contests/[contestId].html',
    except: ['/contests/create'],
  },
];

describe('findPrerenderedPage', () => {
  it('finds exact paths, with or without a trailing slash', () => {
    expect(findPrerenderedPage(PAGES, '/')?.file).toBe('prerendered/index.html');
    expect(findPrerenderedPage(PAGES, '/about')?.file).toBe('prerendered/about.html');
    expect(findPrerenderedPage(PAGES, '/about/')?.file).toBe('prerendered/about.html');
  });

  it('matches a pattern segment by segment, but not the paths of other routes', () => {
    expect(findPrerenderedPage(PAGES, '/contests/1')?.path).toBe('/contests/:contestId');
    expect(findPrerenderedPage(PAGES, '/contests/hbada-chair-contest')?.path).toBe('/contests/:contestId');
    expect(findPrerenderedPage(PAGES, '/contests/create')).toBeUndefined();
    expect(findPrerenderedPage(PAGES, '/contests/1/apply')).toBeUndefined();
    expect(findPrerenderedPage(PAGES, '/login')).toBeUndefined();
  });
});

/** Route patterns of the web app, as the build lists them (apps/web/build/prerender.ts). */
const ROUTES = [
  '/',
  '/about',
  '/login',
  '/contests',
  '/contests/create',
  '/contests/:contestId',
  '/contests/:contestId/apply',
  '/unsubscribe/:token',
  '/reset-password/:uidb64/:token',
];

describe('matchesRoute', () => {
  it('matches literal segments and one non-empty segment per parameter, as the web router does', () => {
    for (const path of [
      '/',
      '/about',
      '/about/',
      '/ABOUT',
      '/contests/create',
      '/contests/7',
      '/contests/7/apply',
    ])
      expect(matchesRoute(ROUTES, path), path).toBe(true);
    for (const path of ['/no/such/page', '/about/us', '/contests/7/submit', '/contests//apply', '/aboutx'])
      expect(matchesRoute(ROUTES, path), path).toBe(false);
  });

  it('compares decoded segments', () => {
    expect(matchesRoute(ROUTES, '/%61bout')).toBe(true);
    expect(matchesRoute(ROUTES, '/contests/night%20shoot')).toBe(true);
    expect(matchesRoute(ROUTES, '/%E0%A4%A')).toBe(false);
  });
});

describe('registerSpa', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cc-spa-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    };
    write('index.html', '<div id="root"></div>');
    write('assets/index-abc123.js', 'console.log(1)');
    write('favicon.svg', '<svg/>');
    for (const page of PAGES) write(page.file, `<div id="root" data-prerendered>${page.path}</div>`);
    write('prerendered/manifest.json', JSON.stringify({ pages: PAGES, routes: ROUTES }));
    app = Fastify();
    await registerSpa(app, dir);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a public page its prerendered HTML and every other page the shell, revalidated on each visit', async () => {
    for (const [url, body] of [
      ['/', '/'],
      ['/about', '/about'],
      ['/contests/7', '/contests/:contestId'],
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`data-prerendered>${body}<`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/login', '/contests/create', '/login?next=/about']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 with the shell (whose router shows the not-found page) for a path no route matches', async () => {
    for (const url of ['/no/such/page', '/contests/7/nope', '/about/us?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const head = await app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });

  it('keeps API 404s JSON', async () => {
    for (const url of ['/api/no-such-endpoint/', '/api']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('answers HEAD for a page as GET would, without the body (link checkers, uptime probes)', async () => {
    for (const url of ['/', '/login']) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe('');
    }
    expect((await app.inject({ method: 'POST', url: '/about' })).statusCode).toBe(404);
  });

  it('keeps a page whose URL carries a secret out of every cache (unsubscribe, password reset links)', async () => {
    for (const url of ['/unsubscribe/1.news.c2VjcmV0', '/reset-password/MQ/abc-123']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('caches hashed assets for a year and other public files for an hour', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject({ url: '/assets/index-old.js' })).statusCode).toBe(404);
  });
});
