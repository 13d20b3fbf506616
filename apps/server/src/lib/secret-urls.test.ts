import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PAGE_ROUTES } from '@app/domain';
import { createTestContext, type TestContext } from '../../test/helper';
import { createLogger } from './logger';
import { redactUrl } from './secret-urls';

describe('secret URLs never reach the logs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it.each([
    ['/api/accounts/auth/verify_email/MTI/abc-secret/', '/api/accounts/auth/verify_email/***/***/'],
    [
      '/api/accounts/auth/password/reset/confirm/MTI/abc-secret/',
      '/api/accounts/auth/password/reset/confirm/***/***/',
    ],
    ['/api/accounts/auth/confirm-email-change/abc.secret/', '/api/accounts/auth/confirm-email-change/***/'],
    ['/verify-email/MTI/abc-secret', '/verify-email/***/***'],
    ['/reset-password/MTI/abc-secret?x=1', '/reset-password/***/***?x=1'],
    ['/invitations/abc-secret', '/invitations/***'],
    ['/Invitations/abc-secret/', '/Invitations/***/'],
    ['/api/accounts/invitations/abc-secret/accept/', '/api/accounts/invitations/***/accept/'],
    ['/api/videos/search/?query=chair&token=abc', '/api/videos/search/?query=chair&token=***'],
  ])('masks %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/contests/1/products/')).toBe('/api/contests/1/products/');
  });
});

describe('secret URLs never reach the logs: the app as it runs, pages and API alike', () => {
  let ctx: TestContext;
  let webDist: string;
  const lines: string[] = [];
  beforeAll(async () => {
    // A web build whose page routes are the app's secret pages (the list the web app's route test
    // keeps complete) and its home: the pages are served as in production, so their requests log.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'cc-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(webDist, 'prerendered'));
    writeFileSync(
      path.join(webDist, 'prerendered', 'manifest.json'),
      JSON.stringify({ pages: [], routes: ['/', ...SECRET_PAGE_ROUTES.map(([page]) => page)] }),
    );
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    ctx = await createTestContext(
      {},
      { log: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, capture), webDist },
    );
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('logs every page and API request carrying a secret with the secret masked', async () => {
    const secret = 'Zq8secretTOKENvalue';
    const urls = [
      ...SECRET_PAGE_ROUTES.map(([page]) => page.replace(/:\w+/g, secret)),
      `/api/accounts/invitations/${secret}/`,
      `/api/accounts/auth/verify_email/${secret}/${secret}/`,
      `/api/accounts/auth/password/reset/confirm/${secret}/${secret}/`,
    ];
    for (const url of urls) {
      const res = await ctx.app.inject({ url });
      if (!url.startsWith('/api/')) expect(res.statusCode, url).toBe(200);
    }
    const logged = lines.filter((line) => line.includes('"url"'));
    for (const url of urls)
      expect(
        logged.some((line) => line.includes(redactUrl(url))),
        `${url} logged`,
      ).toBe(true);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
