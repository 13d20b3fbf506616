import type { Logger } from 'pino';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { AccessTokens } from './plugins/auth';
import type { Storage } from './storage/storage';
import type { CreatorProfilesPort } from './modules/accounts/creator-profile-port';

/**
 * Everything a route, service or job may use, created once per process and passed in. Each
 * consumer declares the few it needs as a `Pick<AppDeps, …>`, so its tests build only those.
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
  /** The creator profile parts accounts shows and creates (creators sits above accounts). */
  creatorProfiles: CreatorProfilesPort;
}
