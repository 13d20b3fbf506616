import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../src/db/client';
import { startQueue } from '../src/jobs/queue';
import { sendEmailJob } from '../src/jobs/send-email.job';
import { buildServer, serverDir, serverEnv } from '../scripts/start-command.mjs';
import { createTestDatabase, type TestDatabase } from './databases';

const TOKEN = 'the-workers-scraper-token-0123456789abcdef';
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

/** The value of the series `name{labels}` in a Prometheus text answer (labels as written there). */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A worker-only process (`npm run worker`: the bundle in dist/, as the worker unit runs it) with
 * METRICS_TOKEN set: the jobs it runs are measured in it, and Prometheus scrapes them from its own
 * port, METRICS_PORT, since it serves no app.
 */
describe('a worker-only process with METRICS_TOKEN: GET /metrics on METRICS_PORT', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let port: number;
  let worker: ChildProcess;
  let output = '';
  const url = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

  /** An e-mail queued before the worker starts, as an app process would queue it. */
  async function queueEmail(handle: DatabaseHandle) {
    const queue = await startQueue(handle, { log: pino({ level: 'silent' }) });
    await queue.send(sendEmailJob, {
      to: 'scraped@example.com',
      subject: 'Hi',
      text: 'hi',
      html: '<p>hi</p>',
    });
    await queue.stop();
  }

  beforeAll(async () => {
    buildServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-worker-metrics-'));
    port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(port),
      WORKERS: 'false',
      LOG_LEVEL: 'info',
    };
    if (onPostgres) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.handle.pool!.options.connectionString!;
      await queueEmail(database.handle);
    } else {
      // The worker opens the embedded database itself: no app process holds it.
      const handle = await openPglite(
        path.join(dataDir, 'pglite'),
        new Blob([readFileSync(inject('pgliteTemplate'))]),
      );
      await queueEmail(handle);
      await handle.close();
    }
    worker = spawn(process.execPath, [path.join(serverDir, 'dist/worker.js')], {
      cwd: serverDir,
      env: { ...process.env, ...serverEnv(), ...env },
    });
    worker.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes('worker ready')) {
      if (worker.exitCode !== null) throw new Error(`the worker exited with ${worker.exitCode}: ${output}`);
      if (Date.now() > deadline) throw new Error(`the worker did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (worker?.exitCode === null) worker.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the token holder in the Prometheus text format, with the jobs it ran by kind', async () => {
    const done = 'job_duration_seconds_count{kind="send-email",outcome="completed"}';
    const deadline = Date.now() + 30_000;
    let res: Response;
    let body: string;
    do {
      res = await fetch(url('/metrics'), { headers: { authorization: `Bearer ${TOKEN}` } });
      body = await res.text();
      if (sample(body, done) === 1 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } while (res.status === 200);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(sample(body, done)).toBe(1);
    expect(body).toContain('# HELP job_failures_total ');
    expect(body).toContain('# HELP video_processing_seconds ');
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    // What it read from the queue, as every process does.
    expect(sample(body, 'job_queue_depth{queue="send-email"}')).toBe(0);
  });

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await fetch(url('/metrics'), { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      });
    }
  });

  it('answers 404 to any other path or method, token or not', async () => {
    for (const [method, pathname] of [
      ['GET', '/'],
      ['GET', '/api/health/'],
      ['GET', '/metrics/more'],
      ['POST', '/metrics'],
      ['DELETE', '/metrics'],
    ] as const) {
      const res = await fetch(url(pathname), { method, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status, `${method} ${pathname}`).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    // A query string does not make another path.
    const res = await fetch(url('/metrics?name[]=job_duration_seconds'), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
  });

  it('closes the port on SIGTERM and exits 0', async () => {
    // An idle keep-alive connection, as Prometheus keeps between scrapes, does not hold the stop.
    const agent = net.connect(port, '127.0.0.1');
    await new Promise((resolve, reject) => agent.once('connect', resolve).once('error', reject));
    agent.write(`GET /metrics HTTP/1.1\r\nHost: worker\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    await new Promise((resolve) => agent.once('data', resolve));
    const closed = new Promise((resolve) => agent.once('close', resolve));

    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await closed;
    expect(await exited).toBe(0);
    expect(await listening(port)).toBe(false);
    expect(output).toContain('worker stopped cleanly');
  });
});
