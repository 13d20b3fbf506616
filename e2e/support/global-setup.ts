import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { buildServer, serverEnv, serverNodeArgs } from '../../apps/server/scripts/start-command.mjs';
import {
  E2E_BASE_URL,
  E2E_DATA_DIR,
  E2E_GOOGLE_CLIENT_ID,
  E2E_JWKS_PORT,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_SMTP_PORT,
  E2E_STACK,
  E2E_STACK_DATABASE_URL,
  E2E_STACK_DIR,
  E2E_STATE_DIR,
  E2E_WEB_DIST,
} from './env';
import { ADMIN_CLI, bundleAdminCli } from './admin';
import { startGoogleKeyServer } from './google';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts a real SMTP capture server, a local Google key set, then the platform itself exactly as
 * `npm start` does (built web app, embedded database in a fresh DATA_DIR), pointed at both.
 */
export default async function globalSetup() {
  rmSync(E2E_STATE_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  execSync('node scripts/ensure-build.mjs', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: E2E_WEB_DIST },
  });

  await bundleAdminCli();

  let counter = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        counter += 1;
        const file = path.join(E2E_MAIL_DIR, `${Date.now()}-${String(counter).padStart(4, '0')}.eml`);
        // Written aside, then renamed: a reader (support/mail.ts) never sees half a message.
        writeFileSync(`${file}.part`, Buffer.concat(chunks));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));
  const keys = await startGoogleKeyServer(E2E_JWKS_PORT);

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: E2E_BASE_URL,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${E2E_JWKS_PORT}/certs`,
    GOOGLE_ISSUER: 'https://accounts.google.com',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: E2E_WEB_DIST,
  };
  const server = startPlatform(env);
  await waitForHealth(`${E2E_BASE_URL}/api/health/`, server);

  return async () => {
    rmSync(ADMIN_CLI, { force: true });
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await keys.close();
  };
}

/**
 * With E2E_STACK=1, `npm run stack` from an empty database (nginx, two app processes, a worker,
 * PostgreSQL, S3); otherwise exactly what `npm start` runs: the bundled server with the start
 * script's node flags on a fresh embedded database.
 */
function startPlatform(env: NodeJS.ProcessEnv): ChildProcess {
  if (E2E_STACK) {
    return spawn(process.execPath, ['scripts/stack.mjs', '--fresh'], {
      cwd: root,
      env: {
        ...env,
        STACK_PORT: String(E2E_PORT),
        STACK_DIR: E2E_STACK_DIR,
        DATABASE_URL: E2E_STACK_DATABASE_URL,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  buildServer();
  return spawn(process.execPath, serverNodeArgs(), {
    cwd: root,
    env: { ...env, ...serverEnv(), PORT: String(E2E_PORT), DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become healthy at ${url}`);
}
