import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/app-deps';
import { loadConfig, type Config } from '../src/config/env';
import { startQueue } from '../src/jobs/queue';
import { createMailer } from '../src/mail/mailer';
import { createStorage } from '../src/storage/index';
import { startJobHandlers } from '../src/jobs/handlers';
import { createAccessTokens } from '../src/plugins/auth';
import { createTestDatabase } from './databases';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  dataDir: string;
  /** Messages written to the outbox so far, oldest first. */
  outbox(): string[];
  /** Waits until a message to `to` arrives in the outbox and returns its raw text. */
  waitForEmail(to: string, options?: { timeoutMs?: number; after?: number }): Promise<string>;
  /**
   * Another app instance on the same database, storage and queue, as a second app process behind
   * the balancer would be (what it must not keep in memory shows); the caller closes it.
   */
  anotherApp(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database (PGlite, or PostgreSQL with TEST_DB_DRIVER=postgres),
 * with the real job queue and an outbox mailer in a temporary DATA_DIR.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const database = await createTestDatabase();
  const queue = await startQueue(database.handle, { log, pollingIntervalSeconds: 0.5 });
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir, log });
  const deps: AppDeps = {
    config,
    log,
    database: database.handle,
    queue,
    mailer,
    storage: createStorage(config),
    tokens: createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL),
  };
  // WORKERS=false: no job runs in the test's process (the fuzzing suite's write check).
  if (config.WORKERS) await startJobHandlers(deps);
  const made: FastifyInstance[] = [];
  const makeApp = async () => {
    const instance = await buildApp({ ...deps, webDist: path.join(dataDir, 'no-web-build') });
    made.push(instance);
    await instance.ready();
    return instance;
  };
  const app = await makeApp();

  const outbox = () => {
    try {
      return readdirSync(outboxDir)
        .sort()
        .map((file) => readFileSync(path.join(outboxDir, file), 'utf8'));
    } catch {
      return [];
    }
  };

  return {
    app,
    deps,
    config,
    dataDir,
    outbox,
    anotherApp: makeApp,
    async waitForEmail(to, { timeoutMs = 15_000, after = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = outbox()
          .slice(after)
          .find((message) => message.toLowerCase().includes(`to: ${to.toLowerCase()}`));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    },
    async close() {
      // Every app made, `anotherApp()`'s too (closing one twice is harmless), before DATA_DIR goes.
      await Promise.all(made.map((instance) => instance.close()));
      await queue.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
