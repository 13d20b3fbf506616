/** What the videos benchmarks share: the bench database's app server and small process helpers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverEnv, serverNodeArgs } from '../../apps/server/scripts/start-command.mjs';
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
 * The app server as `npm start` runs it: the bundle of apps/server/src, run by plain node. `env`
 * overrides the settings below; a setting given as null is left out (DATABASE_URL: null runs the
 * embedded PGlite). `nodeArgs` go before the start script's node flags (e.g. `--cpu-prof`).
 */
export function appServer(env: Record<string, string | null> = {}, nodeArgs: string[] = []): ChildProcess {
  mkdirSync(work, { recursive: true });
  buildServer();
  const settings: Record<string, string | null> = {
    ...serverEnv(),
    DATABASE_URL: BENCH_DATABASE_URL,
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    WORKERS: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATA_DIR: path.join(work, 'data'),
    JWT_SECRET,
    WEB_DIST_DIR: path.join(work, 'no-web'),
    ...env,
  };
  const given = Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== null);
  const omitted = Object.keys(settings).filter((name) => settings[name] === null);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !omitted.includes(name)),
  );
  return spawn(process.execPath, [...nodeArgs, ...serverNodeArgs()], {
    cwd: root,
    env: { ...inherited, ...Object.fromEntries(given) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
