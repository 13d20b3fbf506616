/**
 * `npm run bench` (issue 19): every hot path on a seeded PostgreSQL — 1,000,000 videos, 100,000
 * creators, 200 contests, 50,000 applications to one contest, 5,000 entries, 10,000 videos waiting
 * for review — each next to a no-framework baseline replaying the very SQL the app sent for that
 * request (bench/full/capture.ts), at a fixed 50 req/s and at saturation; the application race
 * (200 creators, 10 units); the library and search on the embedded PGlite at 10,000 videos; then
 * conversations (bench/conversations: a thread of 10,000 messages paged, one message fanned out to
 * 20 streams on two processes) and the audience award's votes (bench/audience/run.ts: 200 votes/s
 * from 2,000 accounts, the tally exact afterwards), each on a database of its own.
 * Prints a table and exits non-zero when a target is missed. Never part of `npm test`.
 *
 *   npm run bench                 full size (database bench_full, seeded once and reused)
 *   BENCH_QUICK=1 npm run bench   smoke run: a small seed (bench_quick), one short round
 *
 * Settings: BENCH_FULL_DATABASE_URL, BENCH_APP_PORT (the app; the baseline and the PGlite app use
 * the next two ports, the conversations part the three after), BENCH_ROUNDS, BENCH_SATURATION_ROUNDS,
 * BENCH_SECONDS, BENCH_SKIP_PGLITE=1, BENCH_SKIP_CONVERSATIONS=1, BENCH_CONVERSATIONS_DATABASE_URL,
 * BENCH_SKIP_AUDIENCE=1 (the audience part's own settings are in its file), and BENCH_ONLY=key,key…
 * (scenario keys such as contest,video: only those reads, no race, no PGlite, conversations or
 * audience part, no results file; for working on one endpoint).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import pino from 'pino';
import { openPglite, migrateDatabase } from '../../apps/server/src/db/client';
import { seedIfEmpty } from '../../apps/server/src/db/seed/index';
import { nullQueue } from '../../apps/server/src/jobs/queue';
import { createAccessTokens } from '../../apps/server/src/plugins/auth';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage';
import { appServer, JWT_SECRET, root, start, stop, waitFor, work } from '../videos/common';
import { audienceBenchmark, audienceTable, type AudienceResult } from '../audience/run';
import {
  conversationsBench,
  CONVERSATIONS_DATABASE_URL,
  type ConversationsResult,
} from '../conversations/part';
import { createCapturer, type Statement } from './capture';
import { openLoop, saturate, warm, type Round } from './load';
import {
  FULL,
  INSIGHTS,
  PGLITE,
  QUICK,
  RACE_UNITS,
  resetRace,
  seedBench,
  TERMS,
  type Exec,
  type Seeded,
} from './seed';

const quick = process.env.BENCH_QUICK === '1';
const SIZE = quick ? QUICK : FULL;
const DATABASE_URL =
  process.env.BENCH_FULL_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/${quick ? 'bench_quick' : 'bench_full'}`;
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3192);
const BASE_PORT = APP_PORT + 1;
const PGLITE_PORT = APP_PORT + 2;
const ROUNDS = quick ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Rounds at saturation, each an app round and a baseline round back to back. The verdict is the
 * median of the rounds' ratios: a neighbour's burst of load on this shared VM lands in one pair and
 * moves one ratio, where a sum over all rounds let one burst decide a sub-millisecond read's
 * verdict (±10 points between runs minutes apart, 23 Nov).
 */
const SATURATION_ROUNDS = quick ? 1 : Number(process.env.BENCH_SATURATION_ROUNDS ?? 5);
const SECONDS = quick ? 3 : Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;
const FIXED_RATE = 50;
/** Targets (issue 19), on a 2-core machine. */
const READ_P99_MS = 50;
const SEARCH_P99_MS = 150;
const MIN_BASELINE_SHARE = 0.8;
/**
 * The p99 verdict that travels between hosts (issue 53): at 50 req/s the app's p99 may exceed the
 * baseline's, measured in the same rounds, by at most this much. The absolute target above is the
 * host's as much as the app's: on a host where the baseline itself misses it, only this one judges.
 */
const P99_OVER_BASELINE_MS = 10;

type Mode = 'fixed' | 'saturation';
interface Scenario {
  key: string;
  name: string;
  /** The app's URL path. */
  path: string;
  headers: Record<string, string>;
  search?: boolean;
  /** The p99 target at 50 req/s when it is not READ_P99_MS (or SEARCH_P99_MS for a search). */
  p99Ms?: number;
  /**
   * The app answers from what it computed earlier (its statements are only the access check): the
   * baseline, after replaying them, writes that same answer instead of the rows it read, so both
   * send the same bytes.
   */
  cached?: boolean;
}
interface Row extends Round {
  scenario: string;
  server: 'app' | 'baseline' | 'app (PGlite)';
  mode: Mode;
  /** App req/s as a share of the baseline's, at saturation: the median of the rounds' ratios. */
  ratio?: number;
  /** Each saturation round's ratio (app round ÷ the baseline round right after it). */
  roundRatios?: number[];
  /** Each round's p99 in ms (the row's p99 is their median). */
  roundP99s: number[];
  /** At 50 req/s: the app's p99 minus the baseline's, the median of the rounds' differences. */
  p99OverBaseline?: number;
  /** At 50 req/s: the absolute p99 target, and whether the baseline met it on this host. */
  absolute?: { limit: number; met: boolean; baselineMet: boolean };
  /** Targets this row missed. */
  missed: string[];
}

const say = (line: string) => console.log(`[bench] ${line}`);
const percent = (ratio: number) => `${Math.round(100 * ratio)}%`;
/** "83% (79–88%)": the median of the rounds' ratios, then their range. */
const share = (row: Row) => {
  const rounds = row.roundRatios ?? [];
  if (rounds.length < 2) return percent(row.ratio!);
  return `${percent(row.ratio!)} (${percent(Math.min(...rounds)).slice(0, -1)}–${percent(Math.max(...rounds))})`;
};
const rows: Row[] = [];
const misses: string[] = [];

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

/** Every statement of a request under EXPLAIN ANALYZE (bench/full/results/plans-*.txt). */
async function explain(pool: pg.Pool, name: string, statements: Statement[]): Promise<string> {
  const out = [`-- ${name}`];
  for (const s of statements) {
    if (!/^\s*select/i.test(s.text)) continue;
    const { rows: plan } = await pool.query({
      text: `explain (analyze, buffers off) ${s.text}`,
      values: s.values,
    });
    out.push(s.text.replace(/\s+/g, ' ').slice(0, 240), ...plan.map((r) => `  ${String(r['QUERY PLAN'])}`));
  }
  return out.join('\n');
}

/** App and baseline taking turns, round after round, so a change in the machine's load weighs on both. */
async function measure(
  scenario: Scenario,
  servers: Array<{ server: Row['server']; url: string; pid?: number }>,
): Promise<void> {
  for (const { url } of servers) await warm(url, scenario.headers);
  for (const mode of ['fixed', 'saturation'] as const) {
    const runs = new Map<string, Round[]>();
    for (let i = 0; i < (mode === 'fixed' ? ROUNDS : SATURATION_ROUNDS); i++) {
      for (const { server, url, pid } of servers) {
        const round =
          mode === 'fixed'
            ? await openLoop(url, FIXED_RATE, SECONDS, scenario.headers, pid)
            : await saturate(url, SECONDS, scenario.headers, pid);
        runs.set(server, [...(runs.get(server) ?? []), round]);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const made: Row[] = [];
    for (const { server } of servers) {
      const rounds = runs.get(server)!;
      const requests = rounds.reduce((n, r) => n + r.requests, 0);
      const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
      const row: Row = {
        scenario: scenario.name,
        server,
        mode,
        p50: median(rounds.map((r) => r.p50)),
        p99: median(rounds.map((r) => r.p99)),
        rps: Math.round(requests / seconds),
        errors: rounds.reduce((n, r) => n + r.errors, 0),
        requests,
        seconds,
        rssMb: Math.max(...rounds.map((r) => r.rssMb)),
        load: Math.round(Math.max(...rounds.map((r) => r.load)) * 10) / 10,
        cpuMs: Math.round((100 * rounds.reduce((n, r) => n + r.cpuMs * r.requests, 0)) / requests) / 100,
        roundP99s: rounds.map((r) => r.p99),
        missed: [],
      };
      made.push(row);
    }
    const base = made.find((r) => r.server === 'baseline');
    for (const row of made) {
      if (row.server === 'baseline') continue;
      if (row.errors) row.missed.push(`${row.errors} errors`);
      if (mode === 'fixed') {
        const limit = scenario.p99Ms ?? (scenario.search ? SEARCH_P99_MS : READ_P99_MS);
        const absolute = { limit, met: row.p99 < limit, baselineMet: !base || base.p99 < limit };
        row.absolute = absolute;
        // Where the baseline misses the absolute target too, the host cannot meet it: the relative
        // verdict below judges the app.
        if (!absolute.met && absolute.baselineMet) row.missed.push(`p99 ${row.p99} ms ≥ ${limit} ms`);
        // A cached read's baseline writes the answer without ever computing it, while the app
        // recomputes it when it expires: only the absolute target judges its p99.
        if (base && !scenario.cached) {
          const baseRounds = runs.get('baseline')!;
          row.p99OverBaseline = median(runs.get(row.server)!.map((r, i) => r.p99 - baseRounds[i]!.p99));
          if (row.p99OverBaseline > P99_OVER_BASELINE_MS)
            row.missed.push(
              `p99 ${row.p99OverBaseline} ms over the baseline's (median of the rounds) > ${P99_OVER_BASELINE_MS} ms`,
            );
        }
      } else if (base) {
        const baseRounds = runs.get('baseline')!;
        const rate = (r: Round) => r.requests / r.seconds;
        row.roundRatios = runs.get(row.server)!.map((r, i) => rate(r) / rate(baseRounds[i]!));
        row.ratio = median(row.roundRatios);
        if (row.ratio < MIN_BASELINE_SHARE)
          row.missed.push(`${share(row)} of the baseline's req/s (median of the rounds) < 80%`);
      }
      for (const miss of row.missed) misses.push(`${row.scenario} (${row.server}, ${mode}): ${miss}`);
    }
    for (const row of made) {
      rows.push(row);
      say(
        `${row.scenario} · ${row.server} · ${mode}: p50 ${row.p50} ms, p99 ${row.p99} ms ` +
          `(rounds ${row.roundP99s.join(', ')}), ${row.rps} req/s, ` +
          `${row.errors} errors, RSS ${row.rssMb} MB, CPU ${row.cpuMs} ms/req${row.ratio ? `, ${share(row)} of baseline` : ''}`,
      );
    }
  }
}

interface Race {
  round: number;
  creators: number;
  successes: number;
  outOfStock: number;
  otherStatuses: Record<string, number>;
  stockLeft: number;
  p50: number;
  p99: number;
  max: number;
}

/** 200 creators apply for the race product's 10 units at the same instant; exactly 10 may win. */
async function race(exec: Exec, seeded: Seeded, tokens: string[], round: number): Promise<Race> {
  await resetRace(exec, seeded);
  const url = `http://127.0.0.1:${APP_PORT}/api/contests/${seeded.raceContestId}/apply/`;
  const body = (i: number) =>
    JSON.stringify({
      full_name: `Race Creator ${i}`,
      email: `race-${i}@example.com`,
      phone_number: '+15551234567',
      bio: 'Filmmaker.',
      shipping_address: {
        line1: '12 Elm St',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postal: '78701',
        country: 'US',
      },
      product_id: seeded.raceProductId,
      terms_accepted: true,
    });
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token, i) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body(i),
      }).catch(() => null);
      const text = res ? await res.text() : '';
      return { status: res?.status ?? 0, text, ms: performance.now() - started };
    }),
  );
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const outOfStock = answers.filter((a) => a.status === 409 && /stock|left|picked/i.test(a.text)).length;
  const { rows: stock } = await exec('select stock_quantity from products where id = $1', [
    seeded.raceProductId,
  ]);
  const result: Race = {
    round,
    creators: tokens.length,
    successes: statuses['201'] ?? 0,
    outOfStock,
    otherStatuses: Object.fromEntries(Object.entries(statuses).filter(([s]) => s !== '201')),
    stockLeft: Number(stock[0]?.stock_quantity),
    p50: Math.round(times[Math.floor(times.length / 2)]!),
    p99: Math.round(times[Math.floor(times.length * 0.99)]!),
    max: Math.round(times[times.length - 1]!),
  };
  say(`application race ${round}: ${JSON.stringify(result)}`);
  if (result.successes !== RACE_UNITS)
    misses.push(`application race ${round}: ${result.successes} successes, not ${RACE_UNITS}`);
  if (Object.keys(statuses).some((s) => s === '0' || s.startsWith('5')))
    misses.push(`application race ${round}: failed requests ${JSON.stringify(statuses)}`);
  if (result.stockLeft !== 0) misses.push(`application race ${round}: ${result.stockLeft} units left`);
  return result;
}

async function postgresPart(): Promise<{ races: Race[]; seeded: Seeded; plans: string }> {
  await ensureDatabase(DATABASE_URL);
  // The app's own start migrates the database and seeds contest 1 (what a deployment does).
  say(`starting the app on ${DATABASE_URL} (migrations)`);
  const app = appServer({ DATABASE_URL, PORT: String(APP_PORT), DATA_DIR: path.join(work, 'data-full') });
  let base: ChildProcess | undefined;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  const exec: Exec = (text, values) => pool.query(text, values as unknown[]);
  try {
    await waitFor(`http://127.0.0.1:${APP_PORT}/api/health/`);
    await exec(`set maintenance_work_mem = '256MB'`).catch(() => {});
    const seeded = await seedBench(exec, SIZE);
    await exec('vacuum analyze');
    const access = createAccessTokens(JWT_SECRET, 4 * 3600);
    const bearer = async (id: number, role: 'creator' | 'staff') => ({
      authorization: `Bearer ${await access.sign({ id, role, tokenVersion: 0 })}`,
    });
    const creator = await bearer(seeded.creatorId, 'creator');
    const staff = await bearer(seeded.staffId, 'staff');

    const scenarios: Scenario[] = [
      {
        key: 'list',
        name: 'library first page',
        path: '/api/videos/videos/?is_approved=true&ordering=-created_at',
        headers: {},
      },
      ...Object.entries(TERMS).map(([kind, term]) => ({
        key: `search-${kind}`,
        name: `search ${kind} '${term}'`,
        path: `/api/videos/search/?query=${term}`,
        headers: {},
        search: true,
      })),
      { key: 'video', name: 'video page', path: `/api/videos/videos/${seeded.videoId}/`, headers: {} },
      { key: 'me', name: 'GET /api/accounts/me/', path: '/api/accounts/me/', headers: creator },
      { key: 'dashboard', name: 'creator dashboard', path: '/api/creator/dashboard/', headers: creator },
      { key: 'contest', name: 'contest detail', path: `/api/contests/${seeded.contestId}/`, headers: {} },
      {
        key: 'products',
        name: 'contest products and stock',
        path: `/api/contests/${seeded.contestId}/products/`,
        headers: {},
      },
      {
        key: 'review',
        name: `review queue page 1 (${SIZE.pending} waiting)`,
        path: '/api/staff/videos/?review=pending&page=1',
        headers: staff,
      },
      {
        key: 'applications',
        name: `contest applications list (${SIZE.applications} rows)`,
        path: `/api/contests/${seeded.contestId}/applications/`,
        headers: staff,
      },
      {
        key: 'ranking',
        name: `judging ranking (${Math.min(1000, SIZE.entries)} entries)`,
        path: `/api/contests/${seeded.contestId}/ranking/`,
        headers: staff,
      },
      {
        key: 'entries',
        name: "reviewers' entries list (first page, with each entry's history)",
        path: `/api/contests/${seeded.contestId}/entries/`,
        headers: staff,
      },
      {
        key: 'insights',
        name: `contest insights (${INSIGHTS.applications} applications, ${INSIGHTS.entries} entries, ${INSIGHTS.plays / 1e6}M plays)`,
        path: `/api/brand/contests/${seeded.insightsContestId}/insights/`,
        headers: staff,
        // Issue 33's target for this read.
        p99Ms: 100,
        cached: true,
      },
    ];

    const capturer = await createCapturer(DATABASE_URL, JWT_SECRET);
    const queries: Record<string, { statements: Statement[]; auth: boolean; answer?: unknown }> = {};
    const plans: string[] = [];
    const measured: Scenario[] = [];
    try {
      const unknown = (ONLY ?? []).filter((key) => !scenarios.some((s) => s.key === key));
      if (unknown.length)
        throw new Error(
          `BENCH_ONLY: no scenario ${unknown.join(', ')} (${scenarios.map((s) => s.key).join(', ')})`,
        );
      for (const scenario of scenarios.filter((s) => !ONLY || ONLY.includes(s.key))) {
        // Every scenario's endpoint must answer 200 (capture fails otherwise).
        const { statements, body } = await capturer.capture(scenario.path, scenario.headers);
        queries[scenario.key] = {
          statements,
          auth: !!scenario.headers.authorization,
          ...(scenario.cached ? { answer: JSON.parse(body) as unknown } : {}),
        };
        measured.push(scenario);
      }
      for (const scenario of measured)
        plans.push(await explain(pool, scenario.name, queries[scenario.key]!.statements));
    } finally {
      await capturer.close();
    }

    base = start(['bench/videos/baseline-server.mjs'], {
      DATABASE_URL,
      PORT: String(BASE_PORT),
      BENCH_QUERIES: JSON.stringify(queries),
      BENCH_JWT_SECRET: JWT_SECRET,
    });
    await waitFor(`http://127.0.0.1:${BASE_PORT}/none`);
    for (const scenario of measured) {
      say(`measuring ${scenario.name}`);
      const servers: Array<{ server: Row['server']; url: string; pid?: number }> = [];
      servers.push({ server: 'app', url: `http://127.0.0.1:${APP_PORT}${scenario.path}`, pid: app.pid });
      servers.push({
        server: 'baseline',
        url: `http://127.0.0.1:${BASE_PORT}/${scenario.key}`,
        pid: base.pid,
      });
      await measure(scenario, servers);
    }

    const raceTokens = await Promise.all(
      seeded.raceCreatorIds.map(async (id) => (await bearer(id, 'creator')).authorization.slice(7)),
    );
    const races: Race[] = [];
    for (let i = 1; i <= (ONLY ? 0 : ROUNDS); i++) races.push(await race(exec, seeded, raceTokens, i));
    return { races, seeded, plans: plans.join('\n\n') };
  } finally {
    await Promise.all([stop(app), stop(base)]);
    await pool.end();
  }
}

/** The embedded default (no DATABASE_URL) at 10,000 videos: library and search, no baseline. */
async function pglitePart(): Promise<void> {
  const dataDir = path.join(work, 'pglite-10k');
  const marker = path.join(dataDir, 'bench-seeded');
  if (!existsSync(marker)) {
    say('seeding the embedded PGlite with 10,000 videos');
    mkdirSync(dataDir, { recursive: true });
    const handle = await openPglite(path.join(dataDir, 'pglite'));
    try {
      await migrateDatabase(handle);
      await seedIfEmpty({
        database: handle,
        log: pino({ level: 'silent' }),
        queue: nullQueue,
        storage: createLocalStorage(path.join(os.tmpdir(), 'bench-full-media')),
      });
      await seedBench(handle.query, PGLITE);
      await handle.query('vacuum analyze');
    } finally {
      await handle.close();
    }
    writeFileSync(marker, new Date().toISOString());
  }
  const app = appServer({ DATABASE_URL: null, PORT: String(PGLITE_PORT), DATA_DIR: dataDir });
  try {
    await waitFor(`http://127.0.0.1:${PGLITE_PORT}/api/health/`);
    const scenarios: Scenario[] = [
      {
        key: 'list',
        name: 'library first page (PGlite, 10k)',
        path: '/api/videos/videos/?is_approved=true&ordering=-created_at',
        headers: {},
      },
      ...Object.entries(TERMS).map(([kind, term]) => ({
        key: `search-${kind}`,
        name: `search ${kind} '${term}' (PGlite, 10k)`,
        path: `/api/videos/search/?query=${term}`,
        headers: {},
        search: true,
      })),
    ];
    for (const scenario of scenarios) {
      say(`measuring ${scenario.name}`);
      await measure(scenario, [
        { server: 'app (PGlite)', url: `http://127.0.0.1:${PGLITE_PORT}${scenario.path}`, pid: app.pid },
      ]);
    }
  } finally {
    await stop(app);
  }
}

/** How fast this host is, as the baseline measures it: its `/me` at saturation (the app's own code aside). */
function hostSpeed(): string {
  const me = rows.find(
    (r) => r.scenario === 'GET /api/accounts/me/' && r.server === 'baseline' && r.mode === 'saturation',
  );
  return me
    ? `the baseline's \`GET /api/accounts/me/\` at ${me.rps} req/s (saturation, 10 connections), ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`
    : `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} (no baseline /me measured)`;
}

function table(races: Race[]): string {
  const lines = [
    `Host speed: ${hostSpeed()}.`,
    '',
    "| Scenario | Server | Load | p50 ms | p99 ms | req/s | errors | RSS MB | CPU ms/req | app / baseline (median; rounds) | p99 − baseline's | absolute p99 target | load avg | target |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const target = r.server === 'baseline' ? '' : r.missed.length ? `MISSED: ${r.missed.join('; ')}` : 'met';
    const absolute = !r.absolute
      ? ''
      : r.absolute.met
        ? `< ${r.absolute.limit} ms: met`
        : `< ${r.absolute.limit} ms: missed${r.absolute.baselineMet ? '' : ' (so did the baseline: the host)'}`;
    lines.push(
      `| ${r.scenario} | ${r.server} | ${r.mode === 'fixed' ? `${FIXED_RATE} req/s` : 'saturation (10 conns)'} | ` +
        `${r.p50} | ${r.p99} | ${r.rps} | ${r.errors} | ${r.rssMb} | ${r.cpuMs} | ${r.ratio ? share(r) : ''} | ` +
        `${r.p99OverBaseline === undefined ? '' : `${r.p99OverBaseline} ms`} | ${absolute} | ${r.load} | ${target} |`,
    );
  }
  lines.push(
    '',
    '| Application race | creators | 201 | out of stock | other | stock left | p50 ms | p99 ms | max ms |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of races)
    lines.push(
      `| round ${r.round} | ${r.creators} | ${r.successes} | ${r.outOfStock} | ${JSON.stringify(r.otherStatuses)} | ${r.stockLeft} | ${r.p50} | ${r.p99} | ${r.max} |`,
    );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadBefore = os.loadavg();
  say(
    `${quick ? 'QUICK' : 'FULL'} run: ${JSON.stringify(SIZE)}, ${ROUNDS} round(s) at 50 req/s and ` +
      `${SATURATION_ROUNDS} at saturation × ${SECONDS} s, ` +
      `${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(' ')}`,
  );
  const { races, plans } = await postgresPart();
  if (!process.env.BENCH_SKIP_PGLITE && !ONLY) await pglitePart();
  let conversations: ConversationsResult | undefined;
  if (!process.env.BENCH_SKIP_CONVERSATIONS && !ONLY) {
    conversations = await conversationsBench({
      quick,
      port: PGLITE_PORT + 1,
      databaseUrl: CONVERSATIONS_DATABASE_URL,
    });
    misses.push(...conversations.misses);
  }
  let audience: AudienceResult | null = null;
  if (!process.env.BENCH_SKIP_AUDIENCE && !ONLY) {
    say('audience votes (bench/audience/run.ts)');
    audience = await audienceBenchmark();
    for (const miss of audience.misses) misses.push(`audience votes: ${miss}`);
  }
  const text = [table(races), conversations?.table, audience && audienceTable(audience)]
    .filter(Boolean)
    .join('\n\n');
  if (ONLY) {
    console.log(`\n${text}\n`);
    process.exit(misses.length ? 1 : 0);
  }
  const dir = path.join(root, 'bench/full/results');
  mkdirSync(dir, { recursive: true });
  const label = quick ? 'quick' : 'full';
  writeFileSync(
    path.join(dir, `${label}.json`),
    JSON.stringify(
      {
        startedAt,
        finishedAt: new Date().toISOString(),
        size: SIZE,
        rounds: ROUNDS,
        saturationRounds: SATURATION_ROUNDS,
        seconds: SECONDS,
        machine: {
          speed: hostSpeed(),
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          memGb: Math.round(os.totalmem() / 2 ** 30),
        },
        loadBefore,
        loadAfter: os.loadavg(),
        rows,
        races,
        audience,
        misses,
      },
      null,
      2,
    ),
  );
  writeFileSync(path.join(dir, `plans-${label}.txt`), plans);
  console.log(`\n${text}\n`);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (misses.length) {
    console.log(`\n${misses.length} target(s) missed:`);
    for (const miss of misses) console.log(`  - ${miss}`);
    process.exit(1);
  }
  console.log('\nevery target met');
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
