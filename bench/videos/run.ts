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
import pg from 'pg';
import { toPrefixTsQuery } from '../../apps/server/src/modules/videos/search-query';
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

async function main() {
  await seedBenchVideos();
  const results: Result[] = [];
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
