import path from 'node:path';
import type { Config } from '../config/env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

export * from './storage';

/** S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR/media. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'media'));
}
