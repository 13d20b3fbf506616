/**
 * Videos benchmark (docs/benchmarks.md): 100k approved videos on PostgreSQL; the app's list and
 * search against a no-framework baseline running the same SQL, at a fixed rate and at saturation;
 * EXPLAIN ANALYZE of each query; a 500 MB upload's throughput and the server's peak RSS.
 * Run: npx tsx bench/videos/run.ts  (needs PostgreSQL on 127.0.0.1:5432, ffmpeg); the upload alone:
 * npx tsx bench/videos/upload.ts; BENCH_SKIP_UPLOAD=1 skips it here.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/client';
import { toPrefixTsQuery } from '../../apps/server/src/modules/videos/search-query';
import { listParams, listQuery, searchQuery } from '../../apps/server/src/modules/videos/videos.repository';
import { APP_PORT, appServer, root, start, waitFor } from './common';
import { BENCH_DATABASE_URL, seedBenchVideos } from './seed';
import { uploadBenchmark } from './upload';

const BASE_PORT = 3462;
const TERMS = { common: 'cinematic', rare: 'zephyr', zero: 'xylophonequartz' };

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
  const list = listQuery(handle.db, filter).toSQL();
  const queries: Record<string, AppQuery> = {
    list: { name: 'bench_list', sql: list.sql, params: fillPlaceholders(list.params, listParams(filter)) },
  };
  const search = searchQuery(handle.db).toSQL();
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
    for (let i = 0; i < 6; i++) await client.query({ name: query.name, text: query.sql, values: query.params });
    // EXECUTE takes no bind parameters: the values go in as literals.
    const args = query.params.map((value) => (typeof value === 'string' ? client.escapeLiteral(value) : String(value)));
    const { rows } = await client.query(`explain (analyze, buffers off) execute ${query.name}(${args.join(', ')})`);
    const label = kind === 'list' ? 'list page 1' : `search ${kind} '${TERMS[kind as keyof typeof TERMS]}'`;
    out.push(`-- ${label}: rows and count in one statement\n${rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`);
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
    throw new Error(`app and baseline differ for ${appUrl}: ${app.count}/${ids(app)} vs ${base.count}/${ids(base)}`);
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
      ['list page 1', `http://127.0.0.1:${APP_PORT}/api/videos/videos/?is_approved=true&ordering=-created_at`, `http://127.0.0.1:${BASE_PORT}/list`],
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
      for (const mode of ['fixed', 'saturation'] as const) {
        results.push(await measure(`app: ${name}`, appUrl, mode));
        results.push(await measure(`baseline: ${name}`, baseUrl, mode));
      }
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
    await import('node:fs/promises').then((fs) => fs.writeFile(path.join(root, 'bench/videos/results/plans.txt'), plans));
  }
  console.log(text);
  process.exit(0);
}

void main();
