import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from './databases';
import { loadConfig } from '../src/config/env';
import { openRuntimeDatabase } from '../src/db/runtime';
import { startQueue } from '../src/jobs/queue';
import { sendEmailJob } from '../src/jobs/send-email.job';
import { buildServer, serverEnv, serverNodeArgs } from '../scripts/start-command.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * How a script runs, one process each: the server and worker as `npm start` and `npm run worker`
 * run them (the bundle in dist/, built once per file below), the CLI as `npm run admin` does
 * (`node --import tsx`; the tsx binary would leave its child behind a SIGKILL).
 */
const node = (script: string, args: string[] = []) => {
  if (script === 'src/server.ts') return [process.execPath, [...serverNodeArgs(), ...args]] as const;
  if (script === 'src/worker.ts')
    return [process.execPath, [path.join(serverDir, 'dist/worker.js'), ...args]] as const;
  return [process.execPath, ['--import', 'tsx', script, ...args]] as const;
};
beforeAll(() => buildServer());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(...node(script, args), { cwd: serverDir, env: { ...process.env, ...env } });
    child.stdin.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
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

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('configuration errors', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['JWT_SECRET', 'short'],
  ])('an invalid %s stops start-up with one line naming it', async (name, value) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-config-'));
    const run = await runScript('src/server.ts', [], { DATA_DIR: dataDir, [name]: value });
    rmSync(dataDir, { recursive: true, force: true });
    expect(run.code).toBe(1);
    const lines = run.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.includes('nodedir'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
});

/**
 * The real server process, as `npm start` runs it: on PGlite by default, or with DATABASE_URL on
 * the PostgreSQL run.
 */
describe('the server process', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;
  let port: number;
  let server: ChildProcess;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-process-'));
    port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'web'),
    };
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = (database.handle.pool!.options as { connectionString: string }).connectionString;
    }
    server = spawn(...node('src/server.ts'), {
      cwd: serverDir,
      env: { ...process.env, ...serverEnv(), ...env },
    });
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitForHealth(port, server);
  });

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the chair contest on first start', () => {
    expect(output).toContain('seeded the demo data');
  });

  it('lets the admin CLI work on the same database while it runs', async () => {
    const create = ['create-user', '--email', 'Brand@Example.com', '--password-stdin', '--role', 'brand'];
    const first = await runScript('src/cli/admin.ts', create, env, 'Sturdy-Password-2026\n');
    expect(first.stdout).toContain('Created brand brand@example.com');
    expect(first.code).toBe(0);
    const again = await runScript('src/cli/admin.ts', create, env, 'Sturdy-Password-2026\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const missing = await runScript('src/cli/admin.ts', ['approve-video', '999'], env);
    expect(missing.stderr).toContain('No video with id 999.');
    // The server still answers: the CLI did not take its database away.
    expect((await fetch(`http://127.0.0.1:${port}/api/health/`)).status).toBe(200);
    // Three CLI processes, each compiling the admin command with tsx: ~10 s on a quiet 2-core
    // machine, over 30 s beside the rest of the parallel suite.
  }, 90_000);

  it('finishes the request in flight on SIGTERM, then exits cleanly', async () => {
    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ email: 'late@example.com' });
    socket.write(
      `POST /api/nothing-here/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    let response = '';
    socket.on('data', (d: Buffer) => (response += d.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.end(body);
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response).toContain('"code":"not_found"');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped cleanly');
  });

  it('lets the admin CLI open the database itself once the server is gone', async () => {
    const run = await runScript(
      'src/cli/admin.ts',
      ['create-user', '--email', 'staff@example.com', '--password-stdin', '--role', 'staff'],
      env,
      'Sturdy-Password-2026\n',
    );
    expect(run.stdout).toContain('Created staff staff@example.com');
  });
});

describe('a worker-only process (npm run worker)', () => {
  it('takes the jobs that another process queued in the shared database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-worker-'));
    const database = process.env.TEST_DB_DRIVER === 'postgres' ? await createTestDatabase() : undefined;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      WORKERS: 'false',
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      ...(database
        ? { DATABASE_URL: (database.handle.pool!.options as { connectionString: string }).connectionString }
        : {}),
    };
    const server = spawn(...node('src/server.ts'), {
      cwd: serverDir,
      env: { ...process.env, ...serverEnv(), ...env },
    });
    let worker: ChildProcess | undefined;
    try {
      await waitForHealth(Number(env.PORT), server);
      // On the embedded database the worker reaches the server's database through its socket.
      worker = spawn(...node('src/worker.ts'), {
        cwd: serverDir,
        env: { ...process.env, ...serverEnv(), ...env },
      });
      // Queue an e-mail from this (third) process, as an app process would.
      const log = pino({ level: 'silent' });
      const db = await openRuntimeDatabase(loadConfig(env), log, { share: false, migrate: false });
      const queue = await startQueue(db.handle, { log });
      await queue.send(sendEmailJob, {
        to: 'queued@example.com',
        subject: 'Queued',
        text: 'hi',
        html: '<p>hi</p>',
      });
      await queue.stop();
      await db.close();

      // The server's first start queues the demo world's e-mails too: the one queued here is
      // the one looked for.
      const outbox = path.join(dataDir, 'outbox');
      const queued = () =>
        existsSync(outbox)
          ? readdirSync(outbox).filter((file) =>
              readFileSync(path.join(outbox, file), 'utf8').includes('To: queued@example.com'),
            )
          : [];
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !queued().length) await new Promise((r) => setTimeout(r, 200));
      expect(queued()).toHaveLength(1);
    } finally {
      worker?.kill('SIGTERM');
      server.kill('SIGTERM');
      await Promise.all(
        [server, ...(worker ? [worker] : [])].map(
          (c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r))),
        ),
      );
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two processes start and a job runs between them: ~10 s quiet, more beside the parallel suite.
  }, 90_000);
});
