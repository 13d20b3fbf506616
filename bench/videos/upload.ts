/**
 * Upload benchmark (docs/benchmarks.md): a valid ~500 MB MP4 sent with curl as multipart to the real
 * server; throughput against `cp` of the same file, and the server's peak RSS.
 * Run alone: npx tsx bench/videos/upload.ts  (needs PostgreSQL on 127.0.0.1:5432, ffmpeg, curl)
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createAccessTokens } from '../../apps/server/src/plugins/auth';
import { APP_PORT, JWT_SECRET, appServer, waitFor, work } from './common';
import { BENCH_DATABASE_URL, seedBenchVideos } from './seed';

/** A /proc/PID/status memory figure in bytes: VmHWM (peak RSS) or VmRSS (now). */
function memory(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) * 1024;
}

/** Bare node:http on a free port, piping each request body to a file: what parsing nothing costs. */
const SINK = `
const http = require('node:http'), fs = require('node:fs');
const server = http.createServer((req, res) => {
  const out = fs.createWriteStream(process.argv[1]);
  req.pipe(out).on('finish', () => res.end('ok'));
}).listen(0, '127.0.0.1', () => console.log(server.address().port));`;

async function bareNodeUpload(file: string): Promise<number> {
  const target = path.join(work, 'sink.bin');
  const sink = spawn(process.execPath, ['-e', SINK, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(sink.stdout!, 'data')) as [Buffer];
  const started = process.hrtime.bigint();
  execFileSync('curl', ['-s', '-o', '/dev/null', '-F', 'title=Bench upload', '-F', `video=@${file};type=video/mp4`,
    `http://127.0.0.1:${port.toString().trim()}/`]);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  sink.kill();
  await once(sink, 'exit');
  rmSync(target);
  return seconds;
}

const REPEATS = 3;
const repeat = (run: () => number) => Array.from({ length: REPEATS }, run);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function uploadBenchmark(): Promise<Record<string, number>> {
  mkdirSync(work, { recursive: true });
  const clip = path.join(work, 'clip.mp4');
  const big = path.join(work, 'big.mp4');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=2:size=640x360:rate=25',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', clip]);
  // A valid MP4 of ~500 MB: the clip followed by one 'free' box of zeros.
  const target = 500 * 1000 * 1000;
  const head = readFileSync(clip);
  const fd = openSync(big, 'w');
  writeSync(fd, head);
  const freeSize = target - head.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(freeSize, 0);
  header.write('free', 4, 'latin1');
  writeSync(fd, header);
  const zeros = Buffer.alloc(8 * 1024 * 1024);
  for (let left = freeSize - 8; left > 0; left -= zeros.length) writeSync(fd, zeros, 0, Math.min(left, zeros.length));
  closeSync(fd);

  // Each figure is the median of REPEATS runs: one copy's time swings 3x with the disk's writeback.
  const cpSeconds = median(
    repeat(() => {
      const cpStart = process.hrtime.bigint();
      execFileSync('cp', [big, path.join(work, 'big-copy.mp4')]);
      execFileSync('sync');
      const elapsed = Number(process.hrtime.bigint() - cpStart) / 1e9;
      rmSync(path.join(work, 'big-copy.mp4'));
      return elapsed;
    }),
  );

  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("select id from users where email = 'bench-creator-1@example.com'");
  await client.end();
  const token = await createAccessTokens(JWT_SECRET, 3600).sign({ id: rows[0].id, role: 'creator' });

  const server = appServer();
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/videos/videos/?page_size=1`);
  // `node apps/server/dist/server.js` itself serves the requests: its own peak RSS is measured.
  const pid = server.pid!;
  const restingRss = memory(pid, 'VmRSS');
  const peakBefore = memory(pid, 'VmHWM');
  const statuses: number[] = [];
  const seconds = median(
    repeat(() => {
      const started = process.hrtime.bigint();
      const out = execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `Authorization: Bearer ${token}`,
        '-F', 'title=Bench upload', '-F', `video=@${big};type=video/mp4`, `http://127.0.0.1:${APP_PORT}/api/videos/upload/`], { encoding: 'utf8' });
      statuses.push(Number(out));
      return Number(process.hrtime.bigint() - started) / 1e9;
    }),
  );
  const peak = memory(pid, 'VmHWM');
  server.kill('SIGTERM');
  await once(server, 'exit');
  const sinkRuns: number[] = [];
  for (let i = 0; i < REPEATS; i++) sinkRuns.push(await bareNodeUpload(big));
  const sinkSeconds = median(sinkRuns);
  rmSync(big);
  return {
    status: Math.max(...statuses),
    repeats: REPEATS,
    bytes: target,
    uploadSeconds: seconds,
    uploadMBps: target / 1e6 / seconds,
    cpSeconds,
    cpMBps: target / 1e6 / cpSeconds,
    // The floor for any Node server: the same curl into bare node:http writing the body to a file.
    bareNodeSeconds: sinkSeconds,
    bareNodeMBps: target / 1e6 / sinkSeconds,
    // MiB, like the kB figures of /proc (VmHWM = peak resident set of the serving process).
    serverPeakRssMiB: peak / 1024 / 1024,
    serverPeakBeforeUploadMiB: peakBefore / 1024 / 1024,
    serverRestingRssMiB: restingRss / 1024 / 1024,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await seedBenchVideos();
  console.log(JSON.stringify(await uploadBenchmark(), null, 2));
  process.exit(0);
}
