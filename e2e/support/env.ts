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
