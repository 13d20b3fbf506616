import type { Logger } from 'pino';
import type { Config } from './config/env';
import type { Metrics } from './lib/metrics';
import type { DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { AccessTokens } from './plugins/auth';
import type { Storage } from './storage/storage';

/**
 * Everything a route, service or job may use, created once per process and passed in. Each
 * consumer declares the few it needs as a `Pick<AppDeps, …>`, so its tests build only those.
 * Infrastructure only: what a module asks of another module above it is passed by
 * modules/index.ts as the factory's second argument (`<module>Owners`), never through here.
 */
export interface AppDeps {
  config: Config;
  log: Logger;
  database: DatabaseHandle;
  queue: JobQueue;
  mailer: Mailer;
  /** Media files (uploads, posters, previews, avatars): local disk or S3. */
  storage: Storage;
  tokens: AccessTokens;
  /** What GET /metrics serves (lib/metrics.ts): parts of the app report into it. */
  metrics: Metrics;
}
