/**
 * The SQL each endpoint runs, recorded from the app itself: the real app is built in this process
 * on the bench database, one request is injected, and every statement its pg client sends (text,
 * parameters, prepared name, row mode) is kept. The no-framework baseline then replays exactly
 * these statements per request, so "the same SQL" is true by construction, for every endpoint.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/env';
import { openPostgres } from '../../apps/server/src/db/client';
import { nullQueue } from '../../apps/server/src/jobs/queue';
import { createMetrics } from '../../apps/server/src/lib/metrics';
import { createMailer } from '../../apps/server/src/mail/mailer';
import { createStorage } from '../../apps/server/src/storage/index';

export interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
  rowMode?: string;
}

let recording: Statement[] | null = null;
const original = pg.Client.prototype.query;
// Every query of the pool goes through Client#query (pool.query included).
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [unknown, unknown];
  if (recording) {
    if (typeof config === 'string') {
      recording.push({ text: config, ...(Array.isArray(values) ? { values } : {}) });
    } else if (config && typeof config === 'object' && 'text' in config) {
      const c = config as Statement;
      recording.push({
        text: c.text,
        ...(c.name ? { name: c.name } : {}),
        ...(c.values ? { values: c.values } : Array.isArray(values) ? { values } : {}),
        ...(c.rowMode ? { rowMode: c.rowMode } : {}),
      });
    }
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

export interface Capturer {
  /** The statements one GET sends and the answer it gets (its status must be 200). */
  capture(url: string, headers?: Record<string, string>): Promise<{ statements: Statement[]; body: string }>;
  close(): Promise<void>;
}

export async function createCapturer(databaseUrl: string, jwtSecret: string): Promise<Capturer> {
  const dataDir = path.join(os.tmpdir(), 'bench-full-capture');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: jwtSecret,
    DATABASE_URL: databaseUrl,
    WORKERS: 'false',
  });
  const log = pino({ level: 'silent' });
  const database = openPostgres(databaseUrl, 2);
  const app: FastifyInstance = await buildApp({
    config,
    log,
    database,
    queue: nullQueue,
    mailer: createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, outboxDir: dataDir, log }),
    storage: createStorage(config),
    metrics: createMetrics(database),
    webDist: path.join(dataDir, 'no-web'),
  });
  await app.ready();
  return {
    async capture(url, headers = {}) {
      // Once unrecorded: the first request prepares statements and warms the caches.
      await app.inject({ method: 'GET', url, headers });
      recording = [];
      try {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
        return { statements: recording, body: res.body };
      } finally {
        recording = null;
      }
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
