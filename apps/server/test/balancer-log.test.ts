import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PAGE_ROUTES } from '@app/domain';
import { renderNginxConfig } from '../../../deploy/nginx-config.mjs';
import { redactUrl } from '../src/lib/secret-urls';
import { createTestContext } from './helper';

const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => existsSync(bin));
// CI installs nginx (E2E_REQUIRED=1 there): only a machine without it skips, and says so.
const skip = !nginxBin && process.env.E2E_REQUIRED !== '1';
if (skip) console.warn('SKIPPING the balancer log test: nginx is not installed (apt-get install -y nginx)');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Sent {
  method: string;
  url: string;
  /** The path as the app's own log shows it, without the query string. */
  logged: string;
  /** Values in the URL that no log may show. */
  secrets: string[];
}

/**
 * Every route of the app and every secret page, with each path parameter filled by a value of its
 * own and a token in the query: a value the app's log masks (redactUrl) is a secret.
 */
async function requestsOfEveryRoute(): Promise<Sent[]> {
  const ctx = await createTestContext();
  try {
    let counter = 0;
    const fill = (pattern: string) => pattern.replace(/:\w+|\*/g, () => `v${++counter}x`);
    const routes = [
      ...ctx.app.routeTable.map(({ method, url }) => ({ method, url })),
      ...SECRET_PAGE_ROUTES.map(([page]) => ({ method: 'GET', url: page })),
    ];
    return routes.map(({ method, url }) => {
      const filled = fill(url);
      const querySecret = `q${++counter}secret`;
      const full = `${filled}?token=${querySecret}&page=2`;
      const masked = redactUrl(full).split('?')[0]!;
      const pathSecrets = filled.match(/v\d+x/g)?.filter((value) => !masked.includes(value)) ?? [];
      return { method, url: full, logged: masked, secrets: [querySecret, ...pathSecrets] };
    });
  } finally {
    await ctx.close();
  }
}

/** One request through nginx; resolves with its status once the answer has been read. */
function send(port: number, method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

describe.skipIf(skip)("the balancer's logs (deploy/nginx.conf.template) never hold a secret of a URL", () => {
  let dir: string;
  let upstream: http.Server;
  let nginx: ChildProcess;
  let port: number;

  beforeAll(async () => {
    if (!nginxBin) throw new Error('nginx not found: apt-get install -y nginx');
    dir = mkdtempSync(path.join(os.tmpdir(), 'cc-nginx-'));
    // The app stands in as a tiny server that answers every request; one more address has no
    // process behind it, as when an app process has died: nginx retries its requests elsewhere.
    upstream = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.end('ok'));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const live = (upstream.address() as net.AddressInfo).port;
    const dead = await freePort();
    port = await freePort();
    const config = path.join(dir, 'nginx.conf');
    writeFileSync(
      config,
      renderNginxConfig({
        upstreams: [`127.0.0.1:${dead}`, `127.0.0.1:${live}`],
        listen: `127.0.0.1:${port}`,
        pidDir: dir,
        tempDir: dir,
        logDir: dir,
      }),
    );
    nginx = spawn(nginxBin, ['-p', dir, '-c', config, '-g', 'daemon off;'], { stdio: 'inherit' });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
      try {
        await send(port, 'GET', '/api/health/');
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    if (upstream) await new Promise((resolve) => upstream.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('logs each request (method, path with its secrets masked, status) and no token of its URL', async () => {
    const requests: Sent[] = [
      // The links of the finding: a staff invitation, a download link, an unsubscribe link.
      { method: 'GET', url: '/invitations/SECRET123', logged: '/invitations/***', secrets: ['SECRET123'] },
      {
        method: 'GET',
        url: '/api/videos/videos/7/download/?token=SECRET456',
        logged: '/api/videos/videos/7/download/',
        secrets: ['SECRET456'],
      },
      {
        method: 'POST',
        url: '/api/unsubscribe/SECRET789/',
        logged: '/api/unsubscribe/***/',
        secrets: ['SECRET789'],
      },
      { method: 'GET', url: '/Invitations/SECRETabc/', logged: '/Invitations/***/', secrets: ['SECRETabc'] },
      ...(await requestsOfEveryRoute()),
    ];
    // A page's own assets name it as their referrer: the referrer is not logged either.
    const referrerSecret = 'SECRETreferrer';
    const statuses: number[] = [];
    for (const { method, url } of requests) statuses.push(await send(port, method, url));
    statuses.push(
      await send(port, 'GET', '/assets/app.js', {
        Referer: `http://localhost/invitations/${referrerSecret}`,
      }),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);

    const accessLog = readFileSync(path.join(dir, 'access.log'), 'utf8');
    const errorLog = readFileSync(path.join(dir, 'error.log'), 'utf8');
    const lines = accessLog.trim().split('\n');
    // A route whose secret leaks is named: its path goes into the template's map.
    const leakedInto = (log: string) =>
      requests
        .filter(({ secrets }) => secrets.some((secret) => log.includes(secret)))
        .map(({ method, url }) => `${method} ${url}`);
    expect(leakedInto(accessLog)).toEqual([]);
    expect(leakedInto(errorLog)).toEqual([]);
    expect(accessLog + errorLog).not.toContain(referrerSecret);
    for (const { method, url, logged } of requests)
      expect(
        lines.some((line) => line.includes(`"${method} ${logged} HTTP/1.1" 200 `)),
        `${method} ${url} logged as ${logged}`,
      ).toBe(true);
    // A try on the dead address still shows, in the access log, next to the request it failed.
    expect(lines.some((line) => / upstream_status=502, 200/.test(line))).toBe(true);
  });
});
