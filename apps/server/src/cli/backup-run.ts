import { createReadStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Logger } from 'pino';
import type { Config } from '../config/env';
import { openPostgres } from '../db/client';
import { openRuntimeDatabase } from '../db/runtime';
import { createStorage } from '../storage/index';
import { emptyFolder, formatBytes, isEmptyFolder, writeHashedFile } from './backup-files';
import {
  appVersion,
  BackupRefusal,
  DATABASE_FILES,
  KEY_FILES,
  KEYS_FOLDER,
  lastMigration,
  MEDIA_FOLDER,
  writeManifest,
  type Manifest,
  type ManifestFile,
} from './backup-manifest';
import { startPgDump } from './backup-pg-tools';

export const backupUsage = 'npm run backup -- --to DIR [--with-keys]';

/**
 * Backs up the database, every media object and (with `withKeys`) the keys into the new or empty
 * folder `to`, with a manifest.json of every file's SHA-256 and size; returns the report for the
 * operator. The database comes first: every media file it names existed then, and media files added
 * while the copy runs are only extra (files deleted in between are the one gap, as in any backup of
 * a running system without snapshots). What fails leaves no half backup behind.
 */
export async function createBackup(
  config: Config,
  log: Logger,
  options: { to: string; withKeys: boolean },
): Promise<string> {
  const to = path.resolve(options.to);
  if (!config.S3_BUCKET && isInside(to, path.join(config.DATA_DIR, 'media')))
    throw new BackupRefusal(
      `${to} is inside the media folder: back up to a folder outside ${config.DATA_DIR}/media.`,
    );
  if (!(await isEmptyFolder(to)))
    throw new BackupRefusal(`${to} is not empty: back up into a new or empty folder.`);
  // The backup holds personal data (and maybe keys): for the operator's eyes only.
  await mkdir(to, { recursive: true, mode: 0o700 });
  try {
    const database = await dumpDatabase(config, log, to);
    const media = await copyMedia(config, to);
    const keys = options.withKeys ? await copyKeys(config.DATA_DIR, to) : [];
    await writeManifest(to, {
      format: 1,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      schema: database.schema,
      database: { driver: database.driver, path: database.file.path },
      media: { storage: config.S3_BUCKET ? 's3' : 'local' },
      files: [database.file, ...media, ...keys],
    });
    const mediaBytes = media.reduce((sum, file) => sum + file.size, 0);
    return [
      `Backed up to ${to}:`,
      `  database  ${database.driver}, schema ${database.schema.lastMigration} (${formatBytes(database.file.size)})`,
      `  media     ${media.length} files (${formatBytes(mediaBytes)}) from ${config.S3_BUCKET ? `bucket ${config.S3_BUCKET}` : 'local storage'}`,
      `  keys      ${keysLine(options.withKeys, keys)}`,
      `${path.join(to, 'manifest.json')} lists every file's SHA-256 and size.`,
    ].join('\n');
  } catch (error) {
    await emptyFolder(to);
    throw error;
  }
}

function keysLine(withKeys: boolean, keys: ManifestFile[]): string {
  if (!withKeys)
    return 'left out: keep DATA_DIR/jwt-secret and payee-data-key (or JWT_SECRET and PAYEE_DATA_KEY) apart from backups; restored payee details can be read only with the same payee-data-key.';
  if (!keys.length)
    return `none in ${KEY_FILES.join(' or ')} files of DATA_DIR (keys set in the environment are not copied): keep JWT_SECRET and PAYEE_DATA_KEY apart.`;
  return `${keys.map((k) => k.path.slice(KEYS_FOLDER.length)).join(', ')}: keep this backup as secret as the keys.`;
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

interface DatabaseDump {
  driver: Manifest['database']['driver'];
  schema: Manifest['schema'];
  file: ManifestFile;
}

/**
 * PostgreSQL: pg_dump (one snapshot, while the server runs). The embedded database: PGlite's
 * dumpDataDir by this process, which holds DATA_DIR meanwhile, so no server can open it and change
 * it half-way. While a server holds it, its socket does not help: pg_dump of PostgreSQL 15 refuses
 * PGlite's newer PostgreSQL, and only the holding process can copy its data folder consistently.
 */
async function dumpDatabase(config: Config, log: Logger, to: string): Promise<DatabaseDump> {
  if (config.DATABASE_URL) {
    const handle = openPostgres(config.DATABASE_URL, 1);
    const schema = await lastMigration(handle).finally(() => handle.close());
    const { dump, done } = startPgDump(config.DATABASE_URL);
    const written = writeHashedFile(to, DATABASE_FILES.postgres, dump);
    // pg_dump's own error says more than the broken pipe it leaves behind.
    const [exit, write] = await Promise.allSettled([done, written]);
    if (exit.status === 'rejected') throw exit.reason;
    if (write.status === 'rejected') throw write.reason;
    return { driver: 'postgres', schema, file: { path: DATABASE_FILES.postgres, ...write.value } };
  }
  if (!existsSync(path.join(config.DATA_DIR, 'pglite', 'PG_VERSION')))
    throw new BackupRefusal(`There is no embedded database in ${config.DATA_DIR} to back up.`);
  const database = await openRuntimeDatabase(config, log, { share: false, migrate: false }).catch(
    (error: unknown) => {
      throw new BackupRefusal(error instanceof Error ? error.message : String(error));
    },
  );
  try {
    const pglite = database.handle.pglite;
    if (!pglite)
      throw new BackupRefusal(
        `The embedded database in ${config.DATA_DIR} is open in the running server: stop the server, then run the backup again (only the process holding PGlite can copy it consistently).`,
      );
    const schema = await lastMigration(database.handle);
    // The whole data folder as one tarball: PGlite builds it in memory (an embedded database is a
    // small one; a large site runs on PostgreSQL).
    const tarball = await pglite.dumpDataDir('gzip');
    const fingerprint = await writeHashedFile(
      to,
      DATABASE_FILES.pglite,
      Readable.fromWeb(tarball.stream() as NodeReadableStream<Uint8Array>),
    );
    return { driver: 'pglite', schema, file: { path: DATABASE_FILES.pglite, ...fingerprint } };
  } finally {
    await database.close();
  }
}

/** Every object of the storage (local or S3), streamed one at a time into `media/<key>`. */
async function copyMedia(config: Config, to: string): Promise<ManifestFile[]> {
  const storage = createStorage(config);
  const files: ManifestFile[] = [];
  for await (const { key } of storage.list()) {
    const object = await storage.get(key);
    if (!object) continue; // deleted since it was listed
    const relative = `${MEDIA_FOLDER}${key}`;
    files.push({ path: relative, ...(await writeHashedFile(to, relative, object.stream)) });
  }
  return files;
}

/** The key files DATA_DIR holds (a key set in the environment has none), readable by the owner only. */
async function copyKeys(dataDir: string, to: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  for (const name of KEY_FILES) {
    const file = path.join(dataDir, name);
    if (!existsSync(file)) continue;
    const relative = `${KEYS_FOLDER}${name}`;
    files.push({ path: relative, ...(await writeHashedFile(to, relative, createReadStream(file), 0o600)) });
  }
  return files;
}
