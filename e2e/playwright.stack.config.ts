import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { E2E_PORT, E2E_STACK } from './support/env';

if (!E2E_STACK) throw new Error('run with E2E_STACK=1: this configuration drives `npm run stack`');

/**
 * The browser journeys of issue 19 through the balancer of `npm run stack` (two app processes, a
 * worker, PostgreSQL, S3): sign-up with e-mail verification, apply, upload from the dashboard with
 * library search and playback, staff review (approve from the queue, the library shows it); then
 * the scale-out checks of tests/stack/.
 */
export default defineConfig({
  ...base,
  testIgnore: [],
  // One file at a time: the scale-out checks kill app processes on purpose, which must not land
  // in the middle of another journey's requests.
  workers: 1,
  // Two app processes, a worker, nginx, PostgreSQL and S3 share the machine with the browser.
  timeout: 120_000,
  testMatch: [
    'accounts/signup-verify-login.spec.ts',
    'contests/apply.spec.ts',
    'videos/upload-search-play.spec.ts',
    // Staff review in the browser: the queue, an approval, the library shows the video at once.
    'staff/review-keyboard.spec.ts',
    'stack/*.spec.ts',
  ],
  outputDir: `./artifacts/stack-results-${E2E_PORT}`,
  reporter: [
    ['list'],
    ['html', { outputFolder: `./artifacts/stack-report-${E2E_PORT}`, open: 'never' }],
    // npm test repeats the failures from this report under its summary.
    ...(process.env.E2E_JSON_REPORT ? [['json', { outputFile: process.env.E2E_JSON_REPORT }] as const] : []),
  ],
});
