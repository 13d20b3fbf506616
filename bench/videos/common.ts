/** What the videos benchmarks share: the bench database's app server and small process helpers. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_DATABASE_URL } from './seed';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Scratch folder (BENCH_WORK_DIR) for generated files and the server's DATA_DIR. */
export const work = process.env.BENCH_WORK_DIR ?? '/tmp/bench-videos';
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
/** The app server's port (BENCH_APP_PORT): helpers running benchmarks side by side use their own. */
export const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3461);

export function start(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered`);
}

/**
 * The node arguments of `npm start`'s server process, read from apps/server's start script
 * (`node scripts/build.mjs && node <flags> dist/server.js`), so the bench runs exactly that.
 */
export function serverNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } };
  const command = pkg.scripts.start.split('&&').pop()!.trim().split(/\s+/);
  if (command[0] !== 'node') throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return command.slice(1).map((arg) => (arg.startsWith('-') ? arg : path.join('apps/server', arg)));
}

/** The app server as `npm start` runs it: the bundle of apps/server/src, run by plain node. */
export function appServer(): ChildProcess {
  mkdirSync(work, { recursive: true });
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  return start(serverNodeArgs(), {
    DATABASE_URL: BENCH_DATABASE_URL,
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    WORKERS: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATA_DIR: path.join(work, 'data'),
    JWT_SECRET,
    WEB_DIST_DIR: path.join(work, 'no-web'),
  });
}

