import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './support/env';
import { chromePath } from './support/chrome-path.mjs';

const executablePath = chromePath();

/** Chromium from the machine (never a browser download), against `npm start` on a fresh DATA_DIR. */
export default defineConfig({
  testDir: './tests',
  // Scale-out checks need `npm run stack`: playwright.stack.config.ts runs them.
  testIgnore: ['stack/**'],
  // Per port, so parallel runs on other ports never share an output folder.
  outputDir: `./artifacts/results-${E2E_PORT}`,
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two on 2 cores: each is busy 99% of the suite and the cores about 95%. Three were not
  // clearly faster and made clicks land before a page had hydrated (two tests failed).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: `./artifacts/report-${E2E_PORT}`, open: 'never' }],
    // npm test repeats the failures from this report under its summary.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace cost as much as the test itself on a 2-core machine (the route table's 35
    // pages: 157 s with 'retain-on-failure', 80 s without), so only a retry records one: CI
    // retries once and keeps that trace; rerun a local failure with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The test machine has no internet: a third-party host (Google's sign-in script) fails at
        // once instead of waiting for a name that does not resolve. Tests that stand in for
        // Google route its URLs themselves (routing comes before name resolution).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
  ],
});
