import os from 'node:os';
import path from 'node:path';

/** Where the e2e run's server, SMTP capture and Google key set listen, and where they keep files. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);
export const E2E_JWKS_PORT = Number(process.env.E2E_JWKS_PORT ?? 3399);
export const E2E_GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
export const E2E_STATE_DIR = path.join(os.tmpdir(), `cc-e2e-${E2E_PORT}`);
/** Captured e-mails, one .eml per message (shared by the setup process and the test workers). */
export const E2E_MAIL_DIR = path.join(E2E_STATE_DIR, 'mail');
export const E2E_DATA_DIR = path.join(E2E_STATE_DIR, 'data');
/** The web app built for this run (parallel runs on other ports build their own). */
export const E2E_WEB_DIST = path.join(os.tmpdir(), `cc-e2e-web-${E2E_PORT}`);

/**
 * E2E_STACK=1 runs the journeys through `npm run stack` (nginx balancing two app processes, a
 * worker, PostgreSQL and an S3-protocol server) instead of one `npm start` process.
 */
export const E2E_STACK = process.env.E2E_STACK === '1';
/** The stack's app processes listen on the two ports after the balancer's. */
export const E2E_STACK_APP_URLS = [1, 2].map((offset) => `http://127.0.0.1:${E2E_PORT + offset}`);
export const E2E_STACK_DIR = path.join(E2E_STATE_DIR, 'stack');
export const E2E_STACK_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/cc_e2e_stack_${E2E_PORT}`;

/** How an admin CLI command reaches the running platform's database (embedded, or the stack's). */
export function e2eDatabaseEnv(): { DATA_DIR: string; DATABASE_URL: string } {
  return E2E_STACK
    ? { DATA_DIR: path.join(E2E_STACK_DIR, 'data'), DATABASE_URL: E2E_STACK_DATABASE_URL }
    : { DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' };
}
