/**
 * Videos benchmark (docs/benchmarks.md): 100k approved videos on PostgreSQL; the app's list and
 * search against a no-framework baseline running the app's own statements, at a fixed rate and at
 * saturation, in alternating rounds (BENCH_ROUNDS × BENCH_SECONDS); EXPLAIN ANALYZE of each
 * statement; a 500 MB upload's throughput and the server's peak RSS.
 * Run: npx tsx bench/videos/run.ts  (needs PostgreSQL on 127.0.0.1:5432, ffmpeg); the upload alone:
 * npx tsx bench/videos/upload.ts; BENCH_SKIP_UPLOAD=1 skips it here.
 */
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client';
import { toPrefixTsQuery } from '../../apps/server/src/modules/videos/search-query';
import { listParams, listQuery, searchQuery } from '../../apps/server/src/modules/videos/videos.repository';
import { videosPorts } from '../../apps/server/src/modules/entries/videos-ports';
import { APP_PORT, appServer, root, start, waitFor } from './common';
import { BENCH_DATABASE_URL, seedBenchVideos } from './seed';
import { uploadBenchmark } from './upload';

const BASE_PORT = 3462;
const TERMS = { common: 'cinematic', rare: 'zephyr', zero: 'xylophonequartz' };

/**
 * Each scenario runs in ROUNDS rounds of SECONDS seconds, app and baseline taking turns, so a
 * change in the machine's load (it is shared) weighs on both alike.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The fixed load: requests per second, evenly spaced. */
const FIXED_RATE = 50;

interface Result {
  name: string;
  mode: string;
  /** Median over the rounds of each round's p50 and p99, in ms. */
  p50: number;
  p99: number;
  /** Requests per second over all rounds. */
  rps: number;
  errors: number;
  /** Load average (1 min) at the start of each round. */
  load: number[];
  rounds: Array<{ p50: number; p99: number; rps: number }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What a round reports (autocannon's result, or the open-loop run's in the same shape). */
interface RoundResult {
  latency: { p50: number; p99: number };
  requests: { total: number };
  duration: number;
  errors: number;
  non2xx: number;
}

async function round(
  url: string,
  mode: 'fixed' | 'saturation',
): Promise<{ load: number; result: RoundResult }> {
  const load = os.loadavg()[0]!;
  if (mode === 'fixed') return { load, result: await openLoop(url, FIXED_RATE, SECONDS) };
  const result = await autocannon({ url, connections: 10, duration: SECONDS });
  return { load, result };
}

/**
 * A fixed rate as clients really arrive: one request every 1/rate s, each sent on schedule whether
 * or not earlier ones have finished, and timed from its scheduled start (a slow answer cannot hide
 * the requests queued behind it). autocannon's `overallRate` instead fires all its connections in
 * the same instant, 10 at once every 200 ms, which measures bursts of 10, not 50 req/s.
 */
async function openLoop(url: string, rate: number, seconds: number): Promise<RoundResult> {
  const interval = 1000 / rate;
  const count = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      fetch(url)
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status >= 300) non2xx += 1;
          latencies.push(performance.now() - scheduled);
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    latency: { p50: at(0.5), p99: at(0.99) },
    requests: { total: latencies.length },
    duration: (performance.now() - started) / 1000,
    errors,
    non2xx,
  };
}

/** App and baseline, round after round, for one scenario and load mode. */
async function measurePair(name: string, appUrl: string, baseUrl: string, mode: 'fixed' | 'saturation') {
  const runs = {
    app: [] as Awaited<ReturnType<typeof round>>[],
    baseline: [] as Awaited<ReturnType<typeof round>>[],
  };
  // Warm-up, not recorded: the first requests of a statement pay for JIT compilation, a new
  // connection's PREPARE and cold caches, in both servers alike.
  for (const url of [appUrl, baseUrl]) await autocannon({ url, connections: 10, duration: 1 });
  for (let i = 0; i < ROUNDS; i++) {
    runs.app.push(await round(appUrl, mode));
    runs.baseline.push(await round(baseUrl, mode));
  }
  return (['app', 'baseline'] as const).map((who): Result => {
    const rounds = runs[who].map(({ result }) => ({
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: Math.round(result.requests.total / result.duration),
    }));
    const total = runs[who].reduce((sum, { result }) => sum + result.requests.total, 0);
    const seconds = runs[who].reduce((sum, { result }) => sum + result.duration, 0);
    const r: Result = {
      name: `${who}: ${name}`,
      mode: mode === 'fixed' ? '50 req/s' : 'saturation (10 conns)',
      p50: median(rounds.map((x) => x.p50)),
      p99: median(rounds.map((x) => x.p99)),
      rps: Math.round(total / seconds),
      errors: runs[who].reduce((sum, { result }) => sum + result.errors + result.non2xx, 0),
      load: runs[who].map(({ load }) => Math.round(load * 10) / 10),
      rounds,
    };
    console.log(JSON.stringify(r));
    return r;
  });
}

/** The results as the Markdown table of docs/benchmarks.md. */
function table(results: Result[]): string {
  const lines = [
    '| Scenario | Load | p50 | p99 | req/s | app / baseline | load avg (1 min) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const base = results.find((b) => b.mode === r.mode && b.name === r.name.replace(/^app:/, 'baseline:'));
    const ratio =
      r.name.startsWith('app:') && base && r.mode.startsWith('saturation')
        ? `${Math.round((100 * r.rps) / base.rps)}%`
        : '';
    lines.push(
      `| ${r.name} | ${r.mode} | ${r.p50} | ${r.p99} | ${r.rps} | ${ratio} | ${r.load.join(', ')} |`,
    );
  }
  return lines.join('\n');
}

/** A query exactly as the app sends it: the prepared statement's name, SQL text and parameters. */
interface AppQuery {
  name: string;
  sql: string;
  params: unknown[];
}

/**
 * The SQL the app runs for each scenario's first page, taken from the app's own query builders,
 * so the baseline and EXPLAIN run the very same statements (prepared, as the app prepares them).
 */
function appQueries(): Record<string, AppQuery> {
  const handle = openPostgres(BENCH_DATABASE_URL, 1);
  const page = { limit: 24, offset: 0 };
  const filter = { approved: true, newestFirst: true, ...page };
  const list = listQuery(handle.db, videosPorts, filter).toSQL();
  const queries: Record<string, AppQuery> = {
    list: { name: 'bench_list', sql: list.sql, params: fillPlaceholders(list.params, listParams(filter)) },
  };
  const search = searchQuery(handle.db, videosPorts).toSQL();
  for (const [kind, term] of Object.entries(TERMS)) {
    const params = fillPlaceholders(search.params, { query: toPrefixTsQuery(term)!, ...page });
    queries[kind] = { name: 'bench_search', sql: search.sql, params };
  }
  void handle.close();
  return queries;
}

/**
 * EXPLAIN ANALYZE of each statement as the app runs it: prepared, after six executions (when
 * PostgreSQL may have switched from a plan per call to a generic plan).
 */
async function explain(queries: Record<string, AppQuery>): Promise<string> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const out: string[] = [];
  for (const [kind, query] of Object.entries(queries)) {
    for (let i = 0; i < 6; i++)
      await client.query({ name: query.name, text: query.sql, values: query.params });
    // EXECUTE takes no bind parameters: the values go in as literals.
    const args = query.params.map((value) =>
      typeof value === 'string' ? client.escapeLiteral(value) : String(value),
    );
    const { rows } = await client.query(
      `explain (analyze, buffers off) execute ${query.name}(${args.join(', ')})`,
    );
    const label = kind === 'list' ? 'list page 1' : `search ${kind} '${TERMS[kind as keyof typeof TERMS]}'`;
    out.push(
      `-- ${label}: rows and count in one statement\n${rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`,
    );
  }
  await client.end();
  return out.join('\n\n');
}

/** The app and the baseline must answer the same count and ids, or the comparison means nothing. */
async function sameAnswers(appUrl: string, baseUrl: string): Promise<void> {
  type Page = { count: number; results: Array<{ id: number }> };
  const read = (url: string) => fetch(url).then((r) => r.json() as Promise<Page>);
  const [app, base] = await Promise.all([read(appUrl), read(baseUrl)]);
  const ids = (body: Page) => body.results.map((v) => v.id).join(',');
  if (app.count !== base.count || ids(app) !== ids(base))
    throw new Error(
      `app and baseline differ for ${appUrl}: ${app.count}/${ids(app)} vs ${base.count}/${ids(base)}`,
    );
}

async function main() {
  await seedBenchVideos();
  const results: Result[] = [];
  const app = appServer();
  const queries = appQueries();
  const base = start(['bench/videos/baseline-server.mjs'], {
    DATABASE_URL: BENCH_DATABASE_URL,
    PORT: String(BASE_PORT),
    BENCH_QUERIES: JSON.stringify(queries),
  });
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/api/videos/videos/?page_size=1`);
    await waitFor(`http://127.0.0.1:${BASE_PORT}/list`);
    const scenarios: Array<[string, string, string]> = [
      [
        'list page 1',
        `http://127.0.0.1:${APP_PORT}/api/videos/videos/?is_approved=true&ordering=-created_at`,
        `http://127.0.0.1:${BASE_PORT}/list`,
      ],
    ];
    for (const [kind, term] of Object.entries(TERMS)) {
      scenarios.push([
        `search ${kind} '${term}'`,
        `http://127.0.0.1:${APP_PORT}/api/videos/search/?query=${term}`,
        `http://127.0.0.1:${BASE_PORT}/${kind}`,
      ]);
    }
    for (const [, appUrl, baseUrl] of scenarios) await sameAnswers(appUrl, baseUrl);
    for (const [name, appUrl, baseUrl] of scenarios) {
      for (const mode of ['fixed', 'saturation'] as const)
        results.push(...(await measurePair(name, appUrl, baseUrl, mode)));
    }
  } finally {
    app.kill('SIGTERM');
    base.kill('SIGTERM');
  }
  const plans = await explain(queries);
  const upload = process.env.BENCH_SKIP_UPLOAD ? null : await uploadBenchmark();
  mkdirSync(path.join(root, 'bench/videos/results'), { recursive: true });
  const file = path.join(root, 'bench/videos/results/latest.json');
  const text = JSON.stringify({ at: new Date().toISOString(), results, upload }, null, 2);
  if (existsSync(path.dirname(file))) {
    await import('node:fs/promises').then((fs) => fs.writeFile(file, text));
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(path.join(root, 'bench/videos/results/plans.txt'), plans),
    );
  }
  console.log(text);
  console.log(table(results));
  process.exit(0);
}

void main();
