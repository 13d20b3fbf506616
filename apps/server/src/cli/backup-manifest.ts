import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { knownMigrations } from '../db/schema-version';
import { SERVER_DIR } from '../lib/server-dir';
import { isSafeKey } from '../storage/storage';
import { writeHashedFile } from './backup-files';

/** A refusal or failure worded for the operator: the command prints its one line and exits 1. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

export const MANIFEST_FILE = 'manifest.json';
/** The secrets kept in DATA_DIR (config/env.ts), in a backup only with --with-keys. */
export const KEY_FILES = ['jwt-secret', 'payee-data-key'] as const;
export const DATABASE_FILES = {
  postgres: 'database/postgres.dump',
  pglite: 'database/pglite.tar.gz',
} as const;
export const MEDIA_FOLDER = 'media/';
export const KEYS_FOLDER = 'keys/';

/**
 * A file of the backup, by its path inside the backup folder: the database dump, `media/<key>`
 * (a storage key, so it cannot leave the folder) or `keys/<name>`. Checked here because restore
 * reads and writes by these paths: a manifest that names `../x` is refused, not followed.
 */
const backupPath = z
  .string()
  .refine(
    (p) =>
      Object.values(DATABASE_FILES).includes(p as never) ||
      (p.startsWith(MEDIA_FOLDER) && isSafeKey(p.slice(MEDIA_FOLDER.length))) ||
      KEY_FILES.some((name) => p === `${KEYS_FOLDER}${name}`),
    { message: 'is not a file a backup holds' },
  );

const manifestSchema = z
  .object({
    format: z.literal(1),
    createdAt: z.string(),
    appVersion: z.string(),
    schema: z.object({
      /** The tag of the last migration applied (`0027_play_clients`). */
      lastMigration: z.string(),
      /** Its timestamp in the migrations journal: what orders migrations. */
      lastMigrationMillis: z.number().int(),
    }),
    database: z.object({ driver: z.enum(['postgres', 'pglite']), path: backupPath }),
    media: z.object({ storage: z.enum(['local', 's3']) }),
    files: z.array(
      z.object({
        path: backupPath,
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        size: z.number().int().nonnegative(),
      }),
    ),
  })
  .refine((m) => m.database.path === DATABASE_FILES[m.database.driver], {
    message: "names another database's file",
  })
  .refine((m) => m.files.some((f) => f.path === m.database.path), {
    message: 'does not list its database file',
  })
  .refine((m) => new Set(m.files.map((f) => f.path)).size === m.files.length, {
    message: 'lists a file twice',
  });

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** A manifest this large is not ours (about 150 bytes a file: over a million files). */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** Reads and checks `dir/manifest.json`; refuses one that is missing, too large or not a manifest. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupRefusal(`${file} is missing: ${dir} is not a complete backup.`);
  if (info.size > MAX_MANIFEST_BYTES)
    throw new BackupRefusal(`${file} is too large to be a backup manifest.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new BackupRefusal(`${file} is not valid JSON: the backup is damaged.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
    throw new BackupRefusal(`${file} is not a backup manifest of this app${where}: ${issue.message}.`);
  }
  return result.data;
}

/** Writes `dir/manifest.json` (flushed to the disk), the last file of a backup: its presence marks one complete. */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeHashedFile(dir, MANIFEST_FILE, Readable.from([`${JSON.stringify(manifest, null, 2)}\n`]));
}

/** The app's version (apps/server/package.json). */
export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * The last migration applied to the database, as drizzle's migrator recorded it (its journal
 * timestamp), with its tag when this version knows it. Refuses a database with no schema.
 */
export async function lastMigration(handle: DatabaseHandle): Promise<Manifest['schema']> {
  const rows = await handle
    .query('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1')
    .then((result) => result.rows)
    .catch((error: { code?: string }) => {
      if (error.code === '42P01' || error.code === '3F000') return [];
      throw error;
    });
  if (!rows[0])
    throw new BackupRefusal(
      'The database has no schema yet (no migration applied): there is nothing to back up.',
    );
  const millis = Number(rows[0].created_at);
  const tag =
    knownMigrations().find((entry) => entry.when === millis)?.tag ?? `unknown migration of ${millis}`;
  return { lastMigration: tag, lastMigrationMillis: millis };
}
