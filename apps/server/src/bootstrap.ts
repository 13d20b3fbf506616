import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config/env';
import { createLogger } from './lib/logger';
import { createMetrics, type Metrics } from './lib/metrics';
import { openRuntimeDatabase, type RuntimeDatabase } from './db/runtime';
import { nullQueue, startQueue, type JobQueue } from './jobs/queue';
import { createMailer, type Mailer } from './mail/mailer';
import { createStorage, type Storage } from './storage/index';

export interface Runtime {
  config: Config;
  log: Logger;
  db: RuntimeDatabase;
  queue: JobQueue;
  mailer: Mailer;
  storage: Storage;
  metrics: Metrics;
  close(): Promise<void>;
}

/** Opens what every process kind (server, worker, admin CLI) needs, in one place. */
export async function openRuntime(
  config: Config,
  options: { share: boolean; migrate: boolean; queue: boolean },
): Promise<Runtime> {
  const log = createLogger(config);
  const db = await openRuntimeDatabase(config, log, options);
  const metrics = createMetrics(db.handle);
  const queue = options.queue
    ? await startQueue(db.handle, { log, leaseSeconds: config.JOB_LEASE_SECONDS, metrics })
    : nullQueue;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.DATA_DIR, 'outbox'),
    log,
  });
  return {
    config,
    log,
    db,
    queue,
    mailer,
    storage: createStorage(config),
    metrics,
    async close() {
      await queue.stop();
      await db.close();
    },
  };
}
