#!/usr/bin/env node
// `npm test`: every suite, in order, failing fast:
//   1. unit tests (domain rules, web components)
//   2. API integration tests on PGlite
//   3. the same API suite on PostgreSQL when TEST_DATABASE_URL is set
//   4. browser end-to-end tests in Chromium (skipped loudly without Chromium unless E2E_REQUIRED=1)
//   5. the same journeys and the scale-out checks through `npm run stack` (nginx, two app processes,
//      a worker, PostgreSQL, S3) when TEST_DATABASE_URL is set and nginx is installed
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = [];

function run(name, command, args, env = {}) {
  console.log(`\n===== ${name} =====`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push(`${result.status === 0 ? 'passed' : 'FAILED'}  ${name} (${seconds}s)`);
  if (result.status !== 0) finish(1);
}

function finish(code) {
  console.log('\n===== summary =====');
  for (const line of results) console.log(line);
  process.exit(code);
}

run('unit tests (Vitest)', 'npx', ['vitest', 'run']);
run('API integration tests on PGlite', 'npx', ['vitest', 'run', '--root', 'apps/server'], {
  TEST_DB_DRIVER: 'pglite',
});
if (process.env.TEST_DATABASE_URL) {
  run('API integration tests on PostgreSQL', 'npx', ['vitest', 'run', '--root', 'apps/server'], {
    TEST_DB_DRIVER: 'postgres',
  });
} else {
  results.push('skipped API integration tests on PostgreSQL (set TEST_DATABASE_URL to run them)');
}

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(chrome)) {
  run(
    'browser end-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    {
      CHROME_PATH: chrome,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  );
} else if (process.env.E2E_REQUIRED === '1') {
  console.error(
    `\n!!!!! E2E_REQUIRED=1 but no Chromium at ${chrome} (install it: apt-get install -y chromium) !!!!!`,
  );
  results.push('FAILED  browser end-to-end tests: no Chromium');
  finish(1);
} else {
  console.warn(`\n!!!!! SKIPPING the browser end-to-end tests: no Chromium at ${chrome}. !!!!!`);
  console.warn(
    '!!!!! Install it (apt-get install -y chromium) or set CHROME_PATH; E2E_REQUIRED=1 makes this a failure. !!!!!',
  );
  results.push('SKIPPED browser end-to-end tests (no Chromium)');
}
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => existsSync(bin));
if (process.env.TEST_DATABASE_URL && nginx && existsSync(chrome)) {
  run(
    'scale-out journeys through nginx (npm run stack, Chromium)',
    'npx',
    ['playwright', 'test', '--config', 'e2e/playwright.stack.config.ts'],
    { CHROME_PATH: chrome, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_STACK: '1' },
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
