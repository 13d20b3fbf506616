import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/app-deps';
import { loadConfig, type Config } from '../src/config/env';
import { startQueue } from '../src/jobs/queue';
import { createMetrics } from '../src/lib/metrics';
import { createMailer } from '../src/mail/mailer';
import { createStorage } from '../src/storage/index';
import { startJobHandlers } from '../src/jobs/handlers';
import { composeServices } from '../src/modules';
import { createAccessTokens } from '../src/plugins/auth';
import { createTestDatabase } from './databases';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  dataDir: string;
  /** Messages written to the outbox so far, oldest first. */
  outbox(): string[];
  /** The outbox's messages to `to` (that contain `containing`, when given), oldest first. */
  mailsTo(to: string, containing?: string): string[];
  /**
   * The one way tests wait for an e-mail: until a message to `to` (containing `containing`, when
   * given; among the outbox's messages from index `after` on) arrives, returning its raw text.
   */
  waitForEmail(
    to: string,
    options?: { timeoutMs?: number; after?: number; containing?: string },
  ): Promise<string>;
  /** Until `count` messages to `to` are in the outbox; returns them all, oldest first. */
  waitForEmails(to: string, count: number, timeoutMs?: number): Promise<string[]>;
  /**
   * Resolves once the queue holds no e-mail waiting, retrying or being sent: every e-mail asked
   * for so far has gone out (to the outbox or the SMTP server). "Nothing else was sent" checks
   * wait on this, not on a guessed pause.
   */
  mailSettled(timeoutMs?: number): Promise<void>;
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
export async function createTestContext(
  env: Record<string, string> = {},
  /** `log`: the app's logger instead of a silent one; `webDist`: a web build to serve pages from. */
  options: { log?: pino.Logger; webDist?: string } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const log = options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const database = await createTestDatabase();
  const metrics = createMetrics(database.handle);
  const queue = await startQueue(database.handle, { log, pollingIntervalSeconds: 0.5, metrics });
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
    metrics,
  };
  // WORKERS=false: no job runs in the test's process (the fuzzing suite's write check).
  if (config.WORKERS) await startJobHandlers(deps, composeServices(deps));
  const made: FastifyInstance[] = [];
  const makeApp = async () => {
    const instance = await buildApp({
      ...deps,
      webDist: options.webDist ?? path.join(dataDir, 'no-web-build'),
      checkPresentedAnswers: true,
    });
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

  const isTo = (message: string, to: string) => message.toLowerCase().includes(`to: ${to.toLowerCase()}`);
  const mailsTo = (to: string, containing?: string, from = 0) =>
    outbox()
      .slice(from)
      .filter((message) => isTo(message, to) && (!containing || message.includes(containing)));
  /** Polls `look` every 100 ms until it returns something, or fails with `what` after `timeoutMs`. */
  async function until<T>(look: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = look();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${what()} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    app,
    deps,
    config,
    dataDir,
    outbox,
    anotherApp: makeApp,
    mailsTo: (to, containing) => mailsTo(to, containing),
    waitForEmail: (to, { timeoutMs = 15_000, after = 0, containing } = {}) =>
      until(
        () => mailsTo(to, containing, after)[0],
        timeoutMs,
        () => `no e-mail to ${to}${containing ? ` containing '${containing}'` : ''}`,
      ),
    waitForEmails: (to, count, timeoutMs = 20_000) =>
      until(
        () => {
          const found = mailsTo(to);
          return found.length >= count ? found : undefined;
        },
        timeoutMs,
        () => `${mailsTo(to).length} of ${count} e-mails to ${to}`,
      ),
    async mailSettled(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.handle.query(
          `select count(*)::int as n from pgboss.job
            where name = 'send-email' and state in ('created', 'retry', 'active')`,
        );
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error(`e-mails still queued after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      // Every app made, `anotherApp()`'s too (closing one twice is harmless), before DATA_DIR goes.
      // A listening app's close waits for every connection to end; fetch (undici) may open a
      // connection it then never sends a request on, and the server counts that one as busy until
      // its headersTimeout (60 s). Nothing in flight matters at teardown: such stragglers are cut.
      await Promise.all(
        made.map(async (instance) => {
          const cut = setTimeout(() => instance.server.closeAllConnections(), 500);
          try {
            await instance.close();
          } finally {
            clearTimeout(cut);
          }
        }),
      );
      await queue.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
