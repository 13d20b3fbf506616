/** What the videos benchmarks share: the bench database's app server and small process helpers. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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

/** Stops a started process (SIGTERM) and waits for it to exit. */
export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Drops and creates a bench's own database (`url`), so every run starts from the same data. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1).replace(/"/g, '');
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

// ── The generated test clips (renditions.ts and qc.ts share them) ─────────────────────────────

/** Where the generated clips are kept between runs (a machine that ran one benchmark makes them once). */
export const clipsDir = path.join(os.tmpdir(), 'bench-renditions');

/**
 * The clips, `seconds` long: a phone-like 1080×1920 upload (H.264 High at ~12 Mbit/s, 30 fps,
 * stereo AAC) and a 2160×3840 HEVC one.
 */
export function benchClips(seconds: number) {
  return {
    '1080': {
      file: path.join(clipsDir, `portrait-1080x1920-h264-${seconds}s.mp4`),
      codec: ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '12M', '-pix_fmt', 'yuv420p'],
      size: '1080x1920',
      type: 'video/mp4',
    },
    '2160': {
      file: path.join(clipsDir, `portrait-2160x3840-hevc-${seconds}s.mov`),
      codec: [
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-b:v',
        '30M',
        '-x265-params',
        'log-level=error',
        '-tag:v',
        'hvc1',
        '-pix_fmt',
        'yuv420p',
      ],
      size: '2160x3840',
      type: 'video/quicktime',
    },
  } as const;
}
export type BenchClip = ReturnType<typeof benchClips>[keyof ReturnType<typeof benchClips>];

/**
 * Generates `clip` (`seconds` of testsrc2 with a 440 Hz tone) unless it exists; the seconds it
 * took (0 when it existed).
 */
export function makeClip(clip: BenchClip, seconds: number): number {
  if (existsSync(clip.file)) return 0;
  mkdirSync(clipsDir, { recursive: true });
  const started = Date.now();
  const partial = `${clip.file}.part${path.extname(clip.file)}`;
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${seconds}:size=${clip.size}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...clip.codec,
    '-c:a',
    'aac',
    '-b:a',
    '192k',
    '-shortest',
    partial,
  ]);
  // Only a whole clip gets the real name: an interrupted run never leaves a truncated clip behind.
  renameSync(partial, clip.file);
  return (Date.now() - started) / 1000;
}

/**
 * CPU seconds (user + system) used by this process's finished children (ffmpeg, ffprobe), from
 * /proc: what the steps cost whatever the machine's load, where wall time depends on it.
 */
export function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime: fields 16 and 17 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** The load averages (1, 5, 15 min), as the results record them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
