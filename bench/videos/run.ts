/**
 * Videos benchmark (docs/benchmarks.md): 100k approved videos on PostgreSQL; the app's list and
 * search against a no-framework baseline running the same SQL, at a fixed rate and at saturation;
 * EXPLAIN ANALYZE of each query; a 500 MB upload's throughput and the server's peak RSS.
 * Run: npx tsx bench/videos/run.ts  (needs PostgreSQL on 127.0.0.1:5432, ffmpeg)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createAccessTokens } from '../../apps/server/src/plugins/auth';
import { toPrefixTsQuery } from '../../apps/server/src/modules/videos/search-query';
import { BENCH_DATABASE_URL, seedBenchVideos } from './seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = '/tmp/bench-videos';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const APP_PORT = 3461;
const BASE_PORT = 3462;
const TERMS = { common: 'cinematic', rare: 'zephyr', zero: 'xylophonequartz' };

function start(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitFor(url: string): Promise<void> {
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

function appServer(): ChildProcess {
  mkdirSync(work, { recursive: true });
  return start(['--import', 'tsx', 'apps/server/src/server.ts'], {
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

interface Result {
  name: string;
  mode: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(name: string, url: string, mode: 'fixed' | 'saturation'): Promise<Result> {
  const result = await autocannon({
    url,
    connections: 10,
    duration: 10,
    ...(mode === 'fixed' ? { overallRate: 50 } : {}),
  });
  const r = {
    name,
    mode: mode === 'fixed' ? '50 req/s' : 'saturation (10 conns)',
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
  console.log(JSON.stringify(r));
  return r;
}

async function explain(): Promise<string> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const out: string[] = [];
  const run = async (label: string, sql: string, values: unknown[] = []) => {
    const { rows } = await client.query(`explain (analyze, buffers off) ${sql}`, values);
    out.push(`-- ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  await run(
    'list page 1',
    'select id from videos where is_approved = true order by created_at desc nulls last, id desc nulls last limit 24',
  );
  await run('list count', 'select count(*) from videos where is_approved = true');
  for (const [kind, term] of Object.entries(TERMS)) {
    const q = toPrefixTsQuery(term)!;
    await run(
      `search ${kind} (${term})`,
      `select id from videos v where v.is_approved and v.search_vector @@ to_tsquery('simple', $1)
       order by ts_rank_cd(v.search_vector, to_tsquery('simple', $1)) desc, created_at desc nulls last, id desc nulls last limit 24`,
      [q],
    );
    await run(`search count ${kind}`, `select count(*) from videos where is_approved and search_vector @@ to_tsquery('simple', $1)`, [q]);
  }
  await client.end();
  return out.join('\n\n');
}

function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) * 1024;
}

/** The server process (tsx runs it in a child of the spawned node). */
function serverPid(child: ChildProcess): number {
  let listing = '';
  try {
    listing = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' });
  } catch {
    // no children: node --import tsx runs the server in this very process
  }
  const children = listing
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter(Boolean);
  return children[0] ?? child.pid!;
}

async function uploadBenchmark(): Promise<Record<string, number>> {
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

  const cpStart = process.hrtime.bigint();
  execFileSync('cp', [big, path.join(work, 'big-copy.mp4')]);
  execFileSync('sync');
  const cpSeconds = Number(process.hrtime.bigint() - cpStart) / 1e9;
  rmSync(path.join(work, 'big-copy.mp4'));

  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("select id from users where email = 'bench-creator-1@example.com'");
  await client.end();
  const token = await createAccessTokens(JWT_SECRET, 3600).sign({ id: rows[0].id, role: 'creator' });

  const server = appServer();
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/videos/videos/?page_size=1`);
  const pid = serverPid(server);
  const rssBefore = peakRss(pid);
  const started = process.hrtime.bigint();
  const out = execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `Authorization: Bearer ${token}`,
    '-F', 'title=Bench upload', '-F', `video=@${big};type=video/mp4`, `http://127.0.0.1:${APP_PORT}/api/videos/upload/`], { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peak = peakRss(pid);
  server.kill('SIGTERM');
  rmSync(big);
  return {
    status: Number(out),
    bytes: target,
    uploadSeconds: seconds,
    uploadMBps: target / 1e6 / seconds,
    cpSeconds,
    cpMBps: target / 1e6 / cpSeconds,
    serverPeakRssMB: peak / 1024 / 1024,
    serverRssBeforeMB: rssBefore / 1024 / 1024,
  };
}

async function main() {
  await seedBenchVideos();
  const results: Result[] = [];
  if (process.env.BENCH_ONLY_UPLOAD) {
    console.log(JSON.stringify(await uploadBenchmark(), null, 2));
    process.exit(0);
  }
  const app = appServer();
  const base = start(['bench/videos/baseline-server.mjs'], { DATABASE_URL: BENCH_DATABASE_URL, PORT: String(BASE_PORT) });
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/api/videos/videos/?page_size=1`);
    await waitFor(`http://127.0.0.1:${BASE_PORT}/list`);
    const scenarios: Array<[string, string, string]> = [
      ['list page 1', `http://127.0.0.1:${APP_PORT}/api/videos/videos/?is_approved=true&ordering=-created_at`, `http://127.0.0.1:${BASE_PORT}/list`],
    ];
    for (const [kind, term] of Object.entries(TERMS)) {
      scenarios.push([
        `search ${kind} '${term}'`,
        `http://127.0.0.1:${APP_PORT}/api/videos/search/?query=${term}`,
        `http://127.0.0.1:${BASE_PORT}/search?tsquery=${encodeURIComponent(toPrefixTsQuery(term)!)}`,
      ]);
    }
    for (const [name, appUrl, baseUrl] of scenarios) {
      for (const mode of ['fixed', 'saturation'] as const) {
        results.push(await measure(`app: ${name}`, appUrl, mode));
        results.push(await measure(`baseline: ${name}`, baseUrl, mode));
      }
    }
  } finally {
    app.kill('SIGTERM');
    base.kill('SIGTERM');
  }
  const plans = await explain();
  const upload = process.env.BENCH_SKIP_UPLOAD ? null : await uploadBenchmark();
  mkdirSync(path.join(root, 'bench/videos/results'), { recursive: true });
  const file = path.join(root, 'bench/videos/results/latest.json');
  const text = JSON.stringify({ at: new Date().toISOString(), results, upload }, null, 2);
  if (existsSync(path.dirname(file))) {
    await import('node:fs/promises').then((fs) => fs.writeFile(file, text));
    await import('node:fs/promises').then((fs) => fs.writeFile(path.join(root, 'bench/videos/results/plans.txt'), plans));
  }
  console.log(text);
  process.exit(0);
}

void main();
