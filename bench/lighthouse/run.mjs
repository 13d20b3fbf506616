#!/usr/bin/env node
// Lighthouse (mobile preset, simulated throttling) on the pages of issue 7, served by the real
// server exactly as `npm start` runs it (built web app, embedded database in a fresh DATA_DIR).
//
//   npm run lighthouse --workspace bench           (3 runs per page, median reported)
//   LH_RUNS=1 LH_PAGES=/,/hbada-synergy LH_PORT=3370 node bench/lighthouse/run.mjs
//
// Needs Chromium (CHROME_PATH, default /usr/bin/chromium). Writes results/latest.json and prints
// the Markdown table used in docs/benchmarks.md.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { buildServer, serverEnv, serverNodeArgs } from '../../apps/server/scripts/start-command.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PORT = Number(process.env.LH_PORT ?? 3370);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const BASE = `http://localhost:${PORT}`;
const PAGES = process.env.LH_PAGES
  ? process.env.LH_PAGES.split(',')
  : ['/', '/contests/1', '/hbada-synergy', '/library'];
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 95, homeJsGzipKb: 180, cls: 0.05 };
process.env.CHROME_PATH ??= '/usr/bin/chromium';

function startServer() {
  const state = mkdtempSync(path.join(os.tmpdir(), 'cc-lighthouse-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: path.join(state, 'data'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(state, 'web'),
  };
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, env, stdio: 'inherit' });
  // Exactly what `npm start` runs: the bundled server with the start script's node flags.
  buildServer();
  const server = spawn(process.execPath, serverNodeArgs(), {
    cwd: root,
    env: { ...serverEnv(), ...env },
    stdio: 'inherit',
  });
  return { server, state };
}

async function waitForHealth() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

/** Bytes on the wire of a URL when the client accepts gzip only. */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (chunk) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const lhr = result.lhr;
  // Under heavy machine load a run can fail to measure (no paint within Lighthouse's limits).
  if (lhr.runtimeError || lhr.categories.performance.score === null) {
    console.error(`${url}: run not measured (${lhr.runtimeError?.code ?? 'no performance score'})`);
    return null;
  }
  const scripts = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    scriptUrls: scripts.map((s) => s.url),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    jsTransferKb: Math.round(scripts.reduce((sum, s) => sum + s.transferSize, 0) / 102.4) / 10,
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => a.id),
  };
}

const { server, state } = startServer();
let chrome;
try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS + 2 && runs.length < RUNS; i++) {
      const run = await audit(chrome, BASE + page);
      if (run) runs.push(run);
    }
    if (runs.length === 0) throw new Error(`${page}: no run could be measured`);
    const pick = (key) => median(runs.map((r) => r[key]));
    const row = {
      page,
      runs: runs.length,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      'best-practices': pick('best-practices'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: Math.max(...runs.map((r) => r.cls)),
      jsTransferKb: pick('jsTransferKb'),
      benchmarkIndex: pick('benchmarkIndex'),
      failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
    };
    const gzip = await Promise.all(runs[0].scriptUrls.map(gzipBytes));
    row.jsGzipKb = Math.round(gzip.reduce((a, b) => a + b, 0) / 102.4) / 10;
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const home = rows[0];
  const checks = [
    ...rows.map((r) => [
      `${r.page} performance ≥ ${TARGETS.performance}`,
      r.performance >= TARGETS.performance,
    ]),
    ...rows.map((r) => [
      `${r.page} accessibility = ${TARGETS.accessibility}`,
      r.accessibility >= TARGETS.accessibility,
    ]),
    ...rows.map((r) => [
      `${r.page} best practices ≥ ${TARGETS['best-practices']}`,
      r['best-practices'] >= TARGETS['best-practices'],
    ]),
    ...rows.map((r) => [`${r.page} CLS < ${TARGETS.cls}`, r.cls < TARGETS.cls]),
    [`home JS ≤ ${TARGETS.homeJsGzipKb} KB gzip`, home.jsGzipKb <= TARGETS.homeJsGzipKb],
  ];
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const chromium = execFileSync(process.env.CHROME_PATH, ['--version']).toString().trim();
  const loadAverage = os.loadavg().map((n) => Number(n.toFixed(1)));
  writeFileSync(
    path.join(here, 'results/latest.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium,
        cores: os.cpus().length,
        loadAverage,
        lighthouse: '12',
        preset: 'mobile (simulated throttling)',
        rows,
        checks,
      },
      null,
      2,
    ) + '\n',
  );
  console.log('\n| Page | Perf | A11y | Best pr. | FCP | LCP | TBT | CLS | JS (br) | JS (gzip) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.jsTransferKb} KB | ${r.jsGzipKb} KB |`,
    );
  }
  console.log('');
  for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(state, { recursive: true, force: true });
}
