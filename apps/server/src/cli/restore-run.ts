import { createReadStream, openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Writable, type Readable } from 'node:stream';
import { pipeline as pipelinePromise } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Config } from '../config/env';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { createStorage, type Storage } from '../storage/index';
import {
  emptyFolder,
  fingerprintFile,
  formatBytes,
  HashingStream,
  isEmptyFolder,
  writeHashedFile,
  type Fingerprint,
} from './backup-files';
import {
  BackupRefusal,
  KEYS_FOLDER,
  lastMigration,
  MEDIA_FOLDER,
  readManifest,
  type Manifest,
  type ManifestFile,
} from './backup-manifest';
import { pgRestore } from './backup-pg-tools';
import { knownMigrations } from '../db/schema-version';

export const restoreUsage = 'npm run restore -- --from DIR';

/**
 * Restores the backup in `from` into an empty database and data folder (and an empty bucket when
 * S3_BUCKET is set). Everything is checked before anything is written: the manifest, every file's
 * size and SHA-256, that this version knows the backup's schema, and that the targets are empty.
 * Then the keys (when the backup has them), the media, and last the database, all or nothing; a
 * failure on the way removes what was written. Returns the report for the operator.
 */
export async function restoreBackup(config: Config, options: { from: string }): Promise<string> {
  const from = path.resolve(options.from);
  const manifest = await readManifest(from);
  checkSchemaKnown(manifest);
  checkSameDatabaseKind(manifest, config);
  const storage = createStorage(config);
  await checkTargetsEmpty(config, storage);
  await checkFiles(from, manifest.files);
  if (manifest.database.driver === 'pglite') await checkTarball(from, manifest.database.path);

  const keys = manifest.files.filter((file) => file.path.startsWith(KEYS_FOLDER));
  const media = manifest.files.filter((file) => file.path.startsWith(MEDIA_FOLDER));
  const stored: string[] = [];
  try {
    for (const file of keys)
      await copyChecked(from, file, (source) =>
        writeHashedFile(config.DATA_DIR, file.path.slice(KEYS_FOLDER.length), source, 0o600),
      );
    for (const file of media) {
      const key = file.path.slice(MEDIA_FOLDER.length);
      stored.push(key);
      await copyChecked(from, file, async (source) => {
        const hashing = new HashingStream();
        await storage.put(
          key,
          pipeline(source, hashing, () => {}),
        );
        return hashing.fingerprint();
      });
    }
    await restoreDatabase(config, manifest, path.join(from, manifest.database.path));
  } catch (error) {
    // The targets were empty: what is there now is this restore's.
    if (storage.kind === 's3') for (const key of stored) await storage.delete(key).catch(() => undefined);
    await emptyFolder(config.DATA_DIR);
    throw error;
  }

  const mediaBytes = media.reduce((sum, file) => sum + file.size, 0);
  return [
    `Restored ${from} (made ${manifest.createdAt} by version ${manifest.appVersion}):`,
    `  database  ${manifest.database.driver}, schema ${manifest.schema.lastMigration}`,
    `  media     ${media.length} files (${formatBytes(mediaBytes)}) into ${config.S3_BUCKET ? `bucket ${config.S3_BUCKET}` : 'local storage'}`,
    `  keys      ${
      keys.length
        ? keys.map((file) => file.path.slice(KEYS_FOLDER.length)).join(', ')
        : 'none in this backup: give the server the old JWT_SECRET and PAYEE_DATA_KEY (or their files in DATA_DIR) before it starts; with new ones everyone signs in again and stored payee details cannot be read.'
    }`,
    'Start the server: it applies any migrations newer than the backup.',
  ].join('\n');
}

/** A backup made by a newer version may hold a schema this one cannot run on. */
function checkSchemaKnown(manifest: Manifest): void {
  const latest = knownMigrations().at(-1)!;
  if (manifest.schema.lastMigrationMillis > latest.when)
    throw new BackupRefusal(
      `The backup's schema (${manifest.schema.lastMigration}) is newer than this version of the app knows (${latest.tag}): restore it with version ${manifest.appVersion} or later.`,
    );
}

function checkSameDatabaseKind(manifest: Manifest, config: Config): void {
  if (manifest.database.driver === 'postgres' && !config.DATABASE_URL)
    throw new BackupRefusal(
      'This backup holds a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it.',
    );
  if (manifest.database.driver === 'pglite' && config.DATABASE_URL)
    throw new BackupRefusal(
      'This backup holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
    );
}

/** The data folder, the bucket and the database must hold nothing: a restore never merges. */
async function checkTargetsEmpty(config: Config, storage: Storage): Promise<void> {
  if (!(await isEmptyFolder(config.DATA_DIR)))
    throw new BackupRefusal(`DATA_DIR (${config.DATA_DIR}) is not empty: restore into an empty data folder.`);
  if (storage.kind === 's3')
    for await (const object of storage.list())
      throw new BackupRefusal(
        `The bucket ${config.S3_BUCKET} is not empty (it holds ${object.key}): restore into an empty bucket.`,
      );
  if (config.DATABASE_URL) {
    const handle = openPostgres(config.DATABASE_URL, 1);
    try {
      const { rows } = await handle.query(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
            and s.nspname <> 'information_schema' and s.nspname not like 'pg\\_%'`,
      );
      const tables = (rows[0] as { n: number }).n;
      if (tables > 0)
        throw new BackupRefusal(
          `The database at DATABASE_URL is not empty (${tables} tables and other relations): restore into a new, empty database.`,
        );
    } finally {
      await handle.close();
    }
  }
}

/** Every file the manifest lists is there, with its size and SHA-256; the first that is not is named. */
async function checkFiles(from: string, files: ManifestFile[]): Promise<void> {
  for (const file of files) {
    const full = path.join(from, file.path);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile())
      throw new BackupRefusal(`${file.path} is missing from the backup: nothing was restored.`);
    const found = info.size === file.size ? await fingerprintFile(full) : { size: info.size, sha256: '' };
    if (found.size !== file.size || found.sha256 !== file.sha256)
      throw new BackupRefusal(
        `${file.path} does not match manifest.json (its ${found.size === file.size ? 'SHA-256' : 'size'} differs): the backup is damaged; nothing was restored.`,
      );
  }
}

/**
 * The embedded database's tarball decompresses whole (gzip checks its length and CRC). PGlite 0.5
 * reports a broken one by crashing the process half-way through loading it, after the keys and the
 * media were restored: it is found here instead, before anything is written.
 */
async function checkTarball(from: string, relative: string): Promise<void> {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipelinePromise(createReadStream(path.join(from, relative)), createGunzip(), sink).catch(() => {
    throw new BackupRefusal(
      `${relative} is not a whole gzip tarball: the backup is damaged; nothing was restored.`,
    );
  });
}

/**
 * Streams the backup's `file` to `write`, which returns the fingerprint of what it wrote: a file
 * changed since it was checked fails the restore rather than restoring other bytes.
 */
async function copyChecked(
  from: string,
  file: ManifestFile,
  write: (source: Readable) => Promise<Fingerprint>,
): Promise<void> {
  const written = await write(createReadStream(path.join(from, file.path)));
  if (written.sha256 !== file.sha256 || written.size !== file.size)
    throw new BackupRefusal(`${file.path} changed while it was being restored: the restore was undone.`);
}

async function restoreDatabase(config: Config, manifest: Manifest, dumpFile: string): Promise<void> {
  let handle: DatabaseHandle;
  if (config.DATABASE_URL) {
    await pgRestore(config.DATABASE_URL, dumpFile);
    handle = openPostgres(config.DATABASE_URL, 1);
  } else {
    handle = await openPglite(path.join(config.DATA_DIR, 'pglite'), await openAsBlob(dumpFile));
  }
  try {
    const restored = await lastMigration(handle);
    if (restored.lastMigrationMillis !== manifest.schema.lastMigrationMillis)
      throw new BackupRefusal(
        `The restored database's schema (${restored.lastMigration}) is not the backup's (${manifest.schema.lastMigration}).`,
      );
  } finally {
    await handle.close();
  }
}
