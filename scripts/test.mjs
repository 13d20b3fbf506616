#!/usr/bin/env node
// `npm test`: every suite, in order, failing fast:
//   1. unit tests (domain rules, web components)
//   2. API integration tests on PGlite
//   3. the same API suite on PostgreSQL when TEST_DATABASE_URL is set
//   4. browser end-to-end tests in Chromium (skipped loudly without Chromium unless E2E_REQUIRED=1)
//   5. the same journeys and the scale-out checks through `npm run stack` (nginx, two app processes,
//      a worker, PostgreSQL, S3) when TEST_DATABASE_URL is set and nginx is installed
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromePath } from '../e2e/support/chrome-path.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = [];
// Each suite also writes its results as JSON here: a failure's first lines are repeated under the
// summary, the end of the output, which is the part a CI log shows when it is cut.
const reports = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const failures = [];
/** Every test file's duration, from every suite's report: the slowest are listed at the end. */
const timings = [];

/** Lines of a suite's output shown under the summary when its report names no failed test. */
const SHOWN_LINES = 40;

async function run(name, command, args, env = {}, report) {
  console.log(`\n===== ${name} =====`);
  const started = Date.now();
  let output = '';
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    // Piped to keep its output: colours stay on when the terminal has them.
    env: { ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...process.env, ...env },
  });
  const keep = (chunk) => (output += plain(chunk));
  child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk)));
  child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk)));
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const tally = report ? counts(report) : '';
  results.push(`${status === 0 ? 'passed' : 'FAILED'}  ${name} (${seconds}s${tally ? `; ${tally}` : ''})`);
  if (report) timings.push(...fileTimings(report).map(([seconds, file]) => [seconds, `${file} (${name})`]));
  if (status !== 0) {
    const named = report ? failedTests(report) : [];
    failures.push(...named);
    // No failed test named (an unhandled error, a crash, a teardown): show how the suite ended.
    if (!named.length) failures.push(`${name}\n${unexplained(output)}`);
    finish(1);
  }
}

/** Vitest's unhandled errors when it printed some, otherwise the output's last lines. */
function unexplained(output) {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /Unhandled (Error|Rejection)/.test(line));
  const shown = start >= 0 ? lines.slice(start, start + SHOWN_LINES) : lines.slice(-SHOWN_LINES);
  return shown.map((line) => `    ${line}`).join('\n');
}

/** A Vitest suite (`args` added to `vitest run`), its JSON report kept for the summary. */
async function vitestSuite(name, report, args, env = {}) {
  const file = path.join(reports, `${report}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  await run(name, 'npx', ['vitest', 'run', ...args, ...reporters], env, file);
}

/** A Playwright suite of `config`, its JSON report kept for the summary. */
async function playwrightSuite(name, config, report, env = {}) {
  const file = path.join(reports, `${report}.json`);
  const browser = { CHROME_PATH: chrome, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_JSON_REPORT: file };
  await run(name, 'npx', ['playwright', 'test', '--config', config], { ...browser, ...env }, file);
}

// eslint-disable-next-line no-control-regex -- the terminal colours' escape sequences
const plain = (text) => String(text).replace(/\x1b\[[0-9;]*m/g, '');
const firstLines = (text, n = 24) =>
  plain(text)
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .slice(0, n)
    .map((line) => `    ${line}`)
    .join('\n');

/** The failed tests of a Vitest or Playwright JSON report, each with its message's first lines. */
function failedTests(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const found = [];
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      found.push(
        `${path.relative(root, suite.name)} > ${test.fullName}\n${firstLines(test.failureMessages?.join('\n') ?? '')}`,
      );
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).length)
      found.push(`${path.relative(root, suite.name)}\n${firstLines(suite.message ?? '')}`);
  }
  const walk = (suite, where) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        found.push(`${where}${spec.title}\n${firstLines(last?.error?.message ?? '')}`);
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, `${where}${inner.title} > `);
  };
  for (const suite of report.suites ?? []) walk(suite, `${suite.title} > `);
  return found;
}

const readReport = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

/** "N passed, N skipped, N failed" of a Vitest or Playwright JSON report. */
function counts(file) {
  const report = readReport(file);
  if (!report) return '';
  const tally = report.stats
    ? // Playwright: expected passed, flaky passed on a retry, unexpected failed.
      [report.stats.expected + report.stats.flaky, report.stats.skipped, report.stats.unexpected]
    : [report.numPassedTests, report.numPendingTests + report.numTodoTests, report.numFailedTests];
  return `${tally[0]} passed, ${tally[1]} skipped, ${tally[2]} failed`;
}

/** [seconds, file] of each test file of a report (Playwright: its tests' run times added up). */
function fileTimings(file) {
  const report = readReport(file);
  if (!report) return [];
  const found = (report.testResults ?? []).map((suite) => [
    (suite.endTime - suite.startTime) / 1000,
    path.relative(root, suite.name),
  ]);
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const where = path.join('e2e/tests', spec.file ?? suite.file);
      for (const test of spec.tests ?? []) {
        for (const attempt of test.results ?? [])
          byFile.set(where, (byFile.get(where) ?? 0) + attempt.duration / 1000);
      }
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...found, ...[...byFile].map(([where, seconds]) => [seconds, where])];
}

function finish(code) {
  console.log('\n===== slowest test files =====');
  for (const [seconds, file] of timings.sort((a, b) => b[0] - a[0]).slice(0, 10))
    console.log(`${seconds.toFixed(1).padStart(7)}s  ${file}`);
  console.log('\n===== summary =====');
  for (const line of results) console.log(line);
  for (const failure of failures.slice(0, 8)) console.log(`\n  FAILED ${failure}`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(code);
}

await vitestSuite('unit tests (Vitest)', 'unit', []);
await vitestSuite('API integration tests on PGlite', 'pglite', ['--root', 'apps/server'], {
  TEST_DB_DRIVER: 'pglite',
});
if (process.env.TEST_DATABASE_URL) {
  await vitestSuite('API integration tests on PostgreSQL', 'postgres', ['--root', 'apps/server'], {
    TEST_DB_DRIVER: 'postgres',
  });
} else {
  results.push('skipped API integration tests on PostgreSQL (set TEST_DATABASE_URL to run them)');
}

const chrome = chromePath();
if (existsSync(chrome)) {
  console.log(`\nBrowser for the Playwright suites: ${chrome}`);
  // The full browser starts every page with the desktop browser's services: the suites take
  // markedly longer with it (docs/benchmarks.md, "npm test").
  if (!chrome.endsWith('headless-shell'))
    console.log('A faster browser for these suites: apt-get install -y chromium-headless-shell');
  await playwrightSuite('browser end-to-end tests (Playwright, Chromium)', 'e2e/playwright.config.ts', 'e2e');
} else if (process.env.E2E_REQUIRED === '1') {
  console.error(
    `\n!!!!! E2E_REQUIRED=1 but no Chromium at ${chrome} (install it: apt-get install -y chromium-headless-shell chromium) !!!!!`,
  );
  results.push('FAILED  browser end-to-end tests: no Chromium');
  finish(1);
} else {
  console.warn(`\n!!!!! SKIPPING the browser end-to-end tests: no Chromium at ${chrome}. !!!!!`);
  console.warn(
    '!!!!! Install it (apt-get install -y chromium-headless-shell chromium) or set CHROME_PATH; E2E_REQUIRED=1 makes this a failure. !!!!!',
  );
  results.push('SKIPPED browser end-to-end tests (no Chromium)');
}
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => existsSync(bin));
if (process.env.TEST_DATABASE_URL && nginx && existsSync(chrome)) {
  await playwrightSuite(
    'scale-out journeys through nginx (npm run stack, Chromium)',
    'e2e/playwright.stack.config.ts',
    'stack',
    { E2E_STACK: '1' },
  );
} else if (process.env.E2E_REQUIRED === '1') {
  console.error(
    '\n!!!!! E2E_REQUIRED=1 but the scale-out run needs TEST_DATABASE_URL, nginx and Chromium !!!!!',
  );
  results.push('FAILED  scale-out journeys: missing TEST_DATABASE_URL, nginx or Chromium');
  finish(1);
} else {
  results.push('skipped scale-out journeys (needs TEST_DATABASE_URL, nginx and Chromium)');
}
finish(0);
