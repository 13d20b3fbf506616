/**
 * Upload benchmark (docs/benchmarks.md): a valid ~500 MB MP4 sent to the real server with curl as
 * multipart and as the dashboard's tus PATCHes; time against `cp` of the same file (both until the
 * bytes are on the disk), and the server's peak RSS. Standalone runs write results/upload.json.
 * Run alone: npx tsx bench/videos/upload.ts  (needs PostgreSQL on 127.0.0.1:5432, ffmpeg, curl)
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  closeSync,
  createReadStream,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createAccessTokens } from '../../apps/server/src/plugins/auth';
import { APP_PORT, JWT_SECRET, appServer, root, waitFor, work } from './common';
import { BENCH_DATABASE_URL, seedBenchVideos } from './seed';

/**
 * A /proc/PID/status memory figure in bytes: VmHWM (peak RSS) or VmRSS (now), the latter made of
 * RssAnon (V8's heap, malloc) and RssFile (the pages of node's binary and libraries it touched).
 */
function memory(pid: number, field: 'VmHWM' | 'VmRSS' | 'RssAnon' | 'RssFile'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) * 1024;
}

/**
 * Bare node:http on a free port: with a file argument it pipes each request body to that file with
 * the same 1 MiB write buffer as the app (the floor for a Node server writing the bytes); without
 * one it discards the body (the floor of curl's loopback transfer itself).
 */
const SINK = `
const http = require('node:http'), fs = require('node:fs');
const target = process.argv[1];
const server = http.createServer((req, res) => {
  if (!target) return req.on('end', () => res.end('ok')).resume();
  req.pipe(fs.createWriteStream(target, { highWaterMark: 1 << 20 })).on('finish', () => res.end('ok'));
}).listen(0, '127.0.0.1', () => console.log(server.address().port));`;

async function startSink(target?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const sink = spawn(process.execPath, ['-e', SINK, ...(target ? [target] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(sink.stdout!, 'data')) as [Buffer];
  return {
    url: `http://127.0.0.1:${port.toString().trim()}/`,
    async stop() {
      sink.kill();
      await once(sink, 'exit');
    },
  };
}

/** `curl -F` multipart upload of `file` as the form field `video`; gives back the response body. */
function curlUpload(url: string, file: string, headers: string[] = []): { status: number; body: string } {
  const bodyFile = path.join(work, 'response.json');
  const status = execFileSync(
    'curl',
    [
      '-s',
      '-o',
      bodyFile,
      '-w',
      '%{http_code}',
      ...headers.flatMap((h) => ['-H', h]),
      '-F',
      'title=Bench upload',
      '-F',
      `video=@${file};type=video/mp4`,
      url,
    ],
    { encoding: 'utf8' },
  );
  return { status: Number(status), body: readFileSync(bodyFile, 'utf8') };
}

/** One HTTP request with a body of `bytes` bytes of `file` from `start` (none without `file`). */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; bytes: number },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: { ...headers, 'Content-Length': String(body?.bytes ?? 0) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (body) createReadStream(body.file, { start: body.start, end: body.start + body.bytes - 1 }).pipe(req);
    else req.end();
  });
}

/** The dashboard's resumable upload, as tus-js-client sends it: create, then 32 MiB PATCHes. */
async function tusUpload(
  api: string,
  token: string,
  file: string,
  bytes: number,
): Promise<{ status: number; body: string }> {
  const tus = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const title = Buffer.from('Bench upload').toString('base64');
  const created = await request(`${api}/uploads/`, 'POST', {
    ...tus,
    'Upload-Length': String(bytes),
    'Upload-Metadata': `title ${title}`,
  });
  if (created.status !== 201) return { status: created.status, body: created.text };
  const url = new URL(created.headers.location!, api).href;
  const CHUNK = 32 * 1024 * 1024;
  for (let offset = 0; ; offset += CHUNK) {
    const size = Math.min(CHUNK, bytes - offset);
    const sent = await request(
      url,
      'PATCH',
      { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      { file, start: offset, bytes: size },
    );
    if (sent.status !== 204 || offset + size === bytes) return { status: sent.status, body: sent.text };
  }
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

/**
 * One run of an operation that stores a file, timed the same way for `cp` and for every upload:
 * it starts with nothing waiting to be written (`sync`), `stored` is until the operation returns
 * (the bytes may still be in the page cache) and `durable` until a `sync` after it returns (the
 * bytes are on the disk); then its file is removed, so no run pays for an earlier run's writeback.
 */
async function timedRun(
  operation: () => Promise<void> | void,
  cleanup: () => Promise<void> | void,
): Promise<{ stored: number; durable: number }> {
  execFileSync('sync');
  const started = process.hrtime.bigint();
  await operation();
  const stored = seconds(started);
  execFileSync('sync');
  const durable = seconds(started);
  await cleanup();
  execFileSync('sync');
  return { stored, durable };
}

const REPEATS = Number(process.env.BENCH_UPLOAD_REPEATS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** REPEATS timed runs; the median of each figure (one run of anything swings with the disk's writeback). */
async function measure(
  label: string,
  operation: () => Promise<void> | void,
  cleanup: () => Promise<void> | void,
): Promise<{ stored: number; durable: number; runs: string[] }> {
  const runs = [];
  for (let i = 0; i < REPEATS; i++) runs.push(await timedRun(operation, cleanup));
  const shown = runs.map((run) => `${run.stored.toFixed(2)}/${run.durable.toFixed(2)}`);
  console.error(`${label} (stored/durable s): ${shown.join(' ')}`);
  return {
    stored: median(runs.map((run) => run.stored)),
    durable: median(runs.map((run) => run.durable)),
    runs: shown,
  };
}

/** A valid MP4 of `bytes` bytes: a 2 s clip followed by one 'free' box of zeros. */
function makeBigMp4(big: string, bytes: number): void {
  const clip = path.join(work, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=duration=2:size=640x360:rate=25',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    clip,
  ]);
  const head = readFileSync(clip);
  const fd = openSync(big, 'w');
  writeSync(fd, head);
  const freeSize = bytes - head.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(freeSize, 0);
  header.write('free', 4, 'latin1');
  writeSync(fd, header);
  const zeros = Buffer.alloc(8 * 1024 * 1024);
  for (let left = freeSize - 8; left > 0; left -= zeros.length)
    writeSync(fd, zeros, 0, Math.min(left, zeros.length));
  closeSync(fd);
}

export async function uploadBenchmark(): Promise<Record<string, unknown>> {
  mkdirSync(work, { recursive: true });
  const big = path.join(work, 'big.mp4');
  const bytes = 500 * 1000 * 1000;
  makeBigMp4(big, bytes);

  const copy = path.join(work, 'big-copy.mp4');
  const cp = await measure(
    'cp',
    () => {
      execFileSync('cp', [big, copy]);
    },
    () => rmSync(copy),
  );

  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("select id from users where email = 'bench-creator-1@example.com'");
  await client.end();
  const token = await createAccessTokens(JWT_SECRET, 3600).sign({ id: rows[0].id, role: 'creator' });
  const auth = `Authorization: Bearer ${token}`;

  // Every run uploads 10 videos as the same creator: a second run within a day would meet the
  // creator's daily quota (429) and measure nothing.
  const server = appServer({ UPLOAD_MAX_VIDEOS_PER_DAY: '10000' });
  const api = `http://127.0.0.1:${APP_PORT}/api/videos`;
  await waitFor(`${api}/videos/?page_size=1`);
  // `node apps/server/dist/server.js` itself serves the requests: its own peak RSS is measured.
  const pid = server.pid!;
  const restingRss = memory(pid, 'VmRSS');
  const restingAnon = memory(pid, 'RssAnon');
  const restingFile = memory(pid, 'RssFile');
  const peakBefore = memory(pid, 'VmHWM');
  const statuses: number[] = [];
  let uploaded: number | undefined;
  const app = await measure(
    'app',
    () => {
      const { status, body } = curlUpload(`${api}/upload/`, big, [auth]);
      statuses.push(status);
      uploaded = status === 201 ? (JSON.parse(body) as { id: number }).id : undefined;
    },
    async () => {
      // The owner deletes the video, which removes its files too.
      if (uploaded !== undefined)
        await fetch(`${api}/videos/${uploaded}/`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${token}` },
        });
    },
  );
  const peakMultipart = memory(pid, 'VmHWM');
  const tus = await measure(
    'app, resumable (tus)',
    async () => {
      const { status, body } = await tusUpload(api, token, big, bytes);
      statuses.push(status === 200 ? 201 : status);
      uploaded = status === 200 ? (JSON.parse(body) as { id: number }).id : undefined;
    },
    async () => {
      if (uploaded !== undefined)
        await fetch(`${api}/videos/${uploaded}/`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${token}` },
        });
    },
  );
  const peak = memory(pid, 'VmHWM');
  server.kill('SIGTERM');
  await once(server, 'exit');

  const target = path.join(work, 'sink.bin');
  const fileSink = await startSink(target);
  const bareNode = await measure(
    'bare node:http to a file',
    () => {
      curlUpload(fileSink.url, big);
    },
    () => rmSync(target, { force: true }),
  );
  await fileSink.stop();
  const discardSink = await startSink();
  const discard = await measure(
    'bare node:http discarding',
    () => {
      curlUpload(discardSink.url, big);
    },
    () => undefined,
  );
  await discardSink.stop();
  rmSync(big);
  const mb = (s: number) => bytes / 1e6 / s;
  return {
    status: Math.max(...statuses),
    repeats: REPEATS,
    bytes,
    // Until the 201 (bytes written, sniffed, ffprobe, row, job queued) and until they are on disk.
    uploadSeconds: app.stored,
    uploadDurableSeconds: app.durable,
    uploadDurableMBps: mb(app.durable),
    cpSeconds: cp.stored,
    cpDurableSeconds: cp.durable,
    cpDurableMBps: mb(cp.durable),
    // The target: within 2x of cp, both measured until the bytes are on disk.
    uploadOverCpDurable: app.durable / cp.durable,
    uploadOverCpPageCache: app.stored / cp.stored,
    // The dashboard's path: tus, 32 MiB PATCHes, until the last one answers with the video.
    tusSeconds: tus.stored,
    tusOverCpDurable: tus.durable / cp.durable,
    // Floors for any Node server: the same curl into bare node:http writing the body to a file,
    // and into one that discards it (curl's own loopback transfer).
    bareNodeSeconds: bareNode.stored,
    bareNodeDurableSeconds: bareNode.durable,
    discardSeconds: discard.stored,
    runs: { cp: cp.runs, app: app.runs, tus: tus.runs, bareNode: bareNode.runs, discard: discard.runs },
    // MiB, like the kB figures of /proc (VmHWM = peak resident set of the serving process).
    serverPeakRssMiB: peak / 1024 / 1024,
    serverPeakAfterMultipartMiB: peakMultipart / 1024 / 1024,
    serverPeakBeforeUploadMiB: peakBefore / 1024 / 1024,
    serverRestingRssMiB: restingRss / 1024 / 1024,
    serverRestingAnonMiB: restingAnon / 1024 / 1024,
    serverRestingFileMiB: restingFile / 1024 / 1024,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await seedBenchVideos();
  const upload = await uploadBenchmark();
  if (upload.status !== 201) {
    console.error(`an upload was refused (HTTP ${String(upload.status)}): nothing was measured`);
    process.exit(1);
  }
  const text = JSON.stringify({ at: new Date().toISOString(), upload }, null, 2);
  writeFileSync(path.join(root, 'bench/videos/results/upload.json'), `${text}\n`);
  console.log(text);
  process.exit(0);
}
