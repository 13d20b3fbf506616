/**
 * What GET /metrics costs the requests it measures: the bundled server with METRICS_TOKEN set runs
 * at saturation (10 connections) under `--cpu-prof` while a scraper reads /metrics every 5 s, as
 * Prometheus would; the profile's share of busy CPU spent in the plugin's hooks (plugins/metrics.ts:
 * `countInFlight`, `timeRequest`, `endInFlight`, prom-client beneath them) and in scrapes is
 * printed per path. A profile's shares hold on a busy shared machine, where two servers side by
 * side (bench/full/ab.ts) differed by ±20% with the same settings.
 *
 *   npx tsx bench/full/metrics-overhead.ts
 *
 * Settings: BENCH_METRICS_PATHS (`/api/health/,/api/contests/`), BENCH_METRICS_SECONDS (20),
 * BENCH_METRICS_DATABASE_URL (a database of its own, created, migrated and seeded on first start).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { appServer, APP_PORT, waitFor } from '../videos/common';

const paths = (process.env.BENCH_METRICS_PATHS ?? '/api/health/,/api/contests/').split(',');
const seconds = Number(process.env.BENCH_METRICS_SECONDS ?? 20);
const databaseUrl =
  process.env.BENCH_METRICS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_metrics';
const TOKEN = 'bench-metrics-token-that-is-long-enough-0123';
const dir = '/tmp/bench-metrics-profile';

/** The plugin's per-request functions, by the names they keep in the bundle. */
const HOOKS = new Set(['countInFlight', 'timeRequest', 'endInFlight']);
/** How a hook's `done()` goes on with the request inside the hook's frame: not the hook's cost. */
const CONTINUATION = new Set([
  'next',
  'hookIterator',
  'onResponseCallback',
  'handleRequest',
  'runPreParsing',
]);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount: number;
  children?: number[];
}

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

/** Shares of the profile's busy samples: the hooks' own work, and the scrapes. */
function shares(nodes: ProfileNode[]): { hooks: number; scrapes: number } {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const inBundle = (node: ProfileNode) => node.callFrame.url.endsWith('server.js');
  const subtree = (node: ProfileNode, skip: Set<string>): number =>
    node.hitCount +
    (node.children ?? [])
      .map((id) => byId.get(id)!)
      .filter((child) => !skip.has(child.callFrame.functionName))
      .reduce((sum, child) => sum + subtree(child, skip), 0);
  let hooks = 0;
  let scrapes = 0;
  const walk = (node: ProfileNode) => {
    const name = node.callFrame.functionName;
    if (inBundle(node) && HOOKS.has(name)) hooks += subtree(node, CONTINUATION);
    // prom-client's Registry#metrics: what a scrape renders.
    else if (inBundle(node) && name === 'metrics') scrapes += subtree(node, new Set());
    else for (const id of node.children ?? []) walk(byId.get(id)!);
  };
  walk(nodes[0]!);
  const busy = nodes.reduce(
    (sum, node) => sum + (node.callFrame.functionName === '(idle)' ? 0 : node.hitCount),
    0,
  );
  return { hooks: hooks / busy, scrapes: scrapes / busy };
}

await ensureDatabase(databaseUrl);
for (const target of paths) {
  rmSync(dir, { recursive: true, force: true });
  const server = appServer({ DATABASE_URL: databaseUrl, METRICS_TOKEN: TOKEN }, [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ]);
  const base = `http://127.0.0.1:${APP_PORT}`;
  const scrape = () =>
    fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((res) => res.text());
  try {
    await waitFor(`${base}/api/health/`);
    await autocannon({ url: `${base}${target}`, connections: 10, duration: 3 });
    const scraper = setInterval(() => void scrape(), 5_000);
    const result = await autocannon({ url: `${base}${target}`, connections: 10, duration: seconds });
    clearInterval(scraper);
    if (result.non2xx || result.errors) throw new Error(`${target}: ${result.non2xx + result.errors} failed`);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    const { nodes } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
    const { hooks, scrapes } = shares(nodes);
    console.log(
      `${target}: ${Math.round(result.requests.average)} req/s (load ${load}); metrics hooks ` +
        `${(hooks * 100).toFixed(2)}% of busy CPU, scrapes ${(scrapes * 100).toFixed(2)}%`,
    );
  } finally {
    if (server.exitCode === null) server.kill('SIGINT');
  }
}
