import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, Video } from '@app/domain';
import { buildApp } from '../src/app';
import { openRuntime } from '../src/bootstrap';
import { fingerprintFile, HashingStream } from '../src/cli/backup-files';
import { appVersion, type Manifest } from '../src/cli/backup-manifest';
import { loadConfig } from '../src/config/env';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { openRuntimeDatabase } from '../src/db/runtime';
import { knownMigrations } from '../src/db/schema-version';
import { createLocalStorage } from '../src/storage/local-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import type { Storage } from '../src/storage/storage';
import { adminUrl } from './databases';
import { createTestContext, type TestContext } from './helper';
import { createWorld, type World } from './world';

/**
 * The backup drill (operations): a world with users, contests, an approved video with its media
 * files and a creator's sealed payee details is backed up by `npm run backup`, restored by
 * `npm run restore` into a new database and data folder, and the restored site is the same: the
 * same rows in every table, the same media bytes, a creator signs in, a visitor plays the video.
 * Damaged backups and occupied targets are refused before anything is written. On PGlite (the
 * database in DATA_DIR/pglite) and on PostgreSQL (TEST_DB_DRIVER=postgres: a new database each).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const log = pino({ level: 'silent' });

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup|restore -- …args` as the operator runs it (node --import tsx, as npm does). */
function runCli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
      cwd: serverDir,
      // Only what the test names: nothing of the test process's own database or bucket.
      env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', JWT_SECRET: '', PAYEE_DATA_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Rows in every table of every schema the app has (public, drizzle's, pg-boss's). */
async function rowCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const { rows } = await handle.query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { s, t } of rows as Array<{ s: string; t: string }>) {
    const result = await handle.query(`select count(*)::int as n from "${s}"."${t}"`);
    counts[`${s}.${t}`] = (result.rows[0] as { n: number }).n;
  }
  return counts;
}

/** Every object of `storage` with the SHA-256 of its bytes. */
async function mediaHashes(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const { key } of storage.list()) {
    const hashing = new HashingStream();
    await pipeline(
      (await storage.get(key))!.stream,
      hashing,
      new Writable({ write: (_chunk, _encoding, done) => done() }),
    );
    hashes[key] = hashing.fingerprint().sha256;
  }
  return hashes;
}

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
const tmp = (name: string) => mkdtempSync(path.join(os.tmpdir(), `cc-${name}-`));
const dirs: string[] = [];
const tmpDir = (name: string) => {
  const dir = tmp(name);
  dirs.push(dir);
  return dir;
};

/** A new, empty database to restore into (PostgreSQL), dropped after the file; none on PGlite. */
const databases: string[] = [];
async function emptyTarget(): Promise<{ dataDir: string; env: Record<string, string>; url?: string }> {
  const dataDir = tmpDir('restored');
  if (!onPostgres) return { dataDir, env: { DATA_DIR: dataDir } };
  const name = `cc_restore_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!), 1);
  await admin.query(`create database ${name}`).finally(() => admin.close());
  databases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, url: url.toString() };
}

/** How many tables the database at `url` has. */
async function tablesOf(url: string): Promise<number> {
  const database = openPostgres(url, 1);
  const { rows } = await database
    .query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)
    .finally(() => database.close());
  return (rows[0] as { n: number }).n;
}

/** Opens the restored database the way the server finds it (DATA_DIR/pglite, or DATABASE_URL). */
const openTarget = (target: { dataDir: string; url?: string }) =>
  target.url ? Promise.resolve(openPostgres(target.url, 2)) : openPglite(path.join(target.dataDir, 'pglite'));

describe('backup and restore drill', { timeout: 90_000 }, () => {
  let ctx: TestContext;
  let world: World;
  /** The site being backed up: its DATA_DIR (media, keys, the embedded database) and env. */
  let source: Record<string, string>;
  let counts: Record<string, number>;
  let media: Record<string, string>;
  let payee: unknown;
  /** The source backed up without keys, and with them (`npm run backup`'s runs). */
  let plain: string;
  let withKeys: string;
  let plainRun: Run;
  let keyedRun: Run;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createWorld(ctx);
    payee = (
      await ctx.app.inject({ url: '/api/accounts/creators/payee/', headers: world.users.creator.headers })
    ).json();
    // Nothing may change the source while it is compared with its restore.
    await ctx.deps.queue.stop();
    // The source's keys are files of its DATA_DIR, as on a server started without them set.
    writeFileSync(path.join(ctx.dataDir, 'jwt-secret'), `${randomBytes(48).toString('base64url')}\n`, {
      mode: 0o600,
    });
    counts = await rowCounts(ctx.deps.database);
    media = await mediaHashes(ctx.deps.storage);
    source = { DATA_DIR: ctx.dataDir };
    if (onPostgres) {
      source.DATABASE_URL = (
        ctx.deps.database.pool!.options as { connectionString: string }
      ).connectionString;
    } else {
      // The world's database, persisted where a server keeps it: DATA_DIR/pglite.
      const persisted = await openPglite(
        path.join(ctx.dataDir, 'pglite'),
        await ctx.deps.database.pglite!.dumpDataDir('none'),
      );
      await persisted.close();
    }
    plain = path.join(tmpDir('backups'), 'plain');
    plainRun = await runCli('backup', ['--to', plain], source);
    withKeys = path.join(tmpDir('backups'), 'with-keys');
    keyedRun = await runCli('backup', ['--to', withKeys, '--with-keys'], source);
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
    if (databases.length) {
      const admin = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!), 1);
      for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up the database, every media file and a manifest of their SHA-256 and size; keys only with --with-keys', async () => {
    expect(plainRun.code, plainRun.stderr).toBe(0);
    expect(plainRun.stdout).toMatch(/keys +left out/);

    const manifest = manifestOf(plain);
    expect(manifest.appVersion).toBe(appVersion());
    expect(manifest.schema.lastMigration).toBe(knownMigrations().at(-1)!.tag);
    expect(manifest.database.driver).toBe(onPostgres ? 'postgres' : 'pglite');
    const listed = Object.fromEntries(
      manifest.files.filter((f) => f.path.startsWith('media/')).map((f) => [f.path.slice(6), f.sha256]),
    );
    expect(listed).toEqual(media);
    expect(Object.keys(media)).toContain(world.approvedVideo.previewKey);
    for (const file of manifest.files)
      expect(await fingerprintFile(path.join(plain, file.path))).toEqual({
        sha256: file.sha256,
        size: file.size,
      });
    // No key anywhere in it: not listed, not on the disk.
    expect(manifest.files.filter((f) => f.path.startsWith('keys/'))).toEqual([]);
    expect(readdirSync(plain).sort()).toEqual(['database', 'manifest.json', 'media']);

    expect(keyedRun.code, keyedRun.stderr).toBe(0);
    const keys = manifestOf(withKeys).files.filter((f) => f.path.startsWith('keys/'));
    expect(keys.map((k) => k.path).sort()).toEqual(['keys/jwt-secret', 'keys/payee-data-key']);
    for (const key of keys) {
      expect(await fingerprintFile(path.join(ctx.dataDir, key.path.slice(5)))).toEqual({
        sha256: key.sha256,
        size: key.size,
      });
      expect(statSync(path.join(withKeys, key.path)).mode & 0o777).toBe(0o600);
    }

    const again = await runCli('backup', ['--to', withKeys], source);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`${withKeys} is not empty: back up into a new or empty folder.`);
  });

  it('restores into a new database and data folder: the same rows and media; a creator signs in and a visitor plays the video', async () => {
    const target = await emptyTarget();
    const run = await runCli('restore', ['--from', withKeys], target.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/keys +jwt-secret, payee-data-key/);

    const restored = await openTarget(target);
    try {
      expect(await rowCounts(restored)).toEqual(counts);
    } finally {
      await restored.close();
    }
    expect(await mediaHashes(createLocalStorage(path.join(target.dataDir, 'media')))).toEqual(media);

    // The restored site as the server runs it: its keys are the restored files of DATA_DIR.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      ...target.env,
    });
    const runtime = await openRuntime(config, { share: false, migrate: true, queue: false });
    let app: FastifyInstance | undefined;
    try {
      // What the server process builds its app from (server.ts).
      app = await buildApp({
        ...runtime,
        database: runtime.db.handle,
        webDist: path.join(target.dataDir, 'no-web-build'),
      });
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/accounts/auth/login/',
        payload: { email: world.users.creator.email, password: world.users.creator.password },
      });
      expect(signIn.statusCode).toBe(200);
      const { access } = signIn.json<LoginResponse>();
      // Sealed with the payee-data-key: readable because the key came back with the backup.
      const details = await app.inject({
        url: '/api/accounts/creators/payee/',
        headers: { authorization: `Bearer ${access}` },
      });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toEqual(payee);

      const video = (
        await app.inject({ url: `/api/videos/videos/${world.approvedVideo.id}/` })
      ).json<Video>();
      expect(video.video_url).toContain(world.approvedVideo.previewKey);
      const played = await app.inject({ url: video.video_url });
      expect(played.statusCode).toBe(200);
      expect(played.rawPayload.equals(world.clip)).toBe(true);
    } finally {
      await app?.close();
      await runtime.close();
    }
  });

  it('refuses a damaged backup — a changed or a missing file, named — and writes nothing', async () => {
    const damaged = path.join(tmpDir('damaged'), 'backup');
    cpSync(plain, damaged, { recursive: true });
    const file = `media/${world.approvedVideo.previewKey}`;
    const bytes = readFileSync(path.join(damaged, file));
    const middle = bytes.length >> 1;
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(path.join(damaged, file), bytes);

    const target = await emptyTarget();
    const changed = await runCli('restore', ['--from', damaged], target.env);
    expect(changed.code).toBe(1);
    expect(changed.stderr.trim()).toBe(
      `${file} does not match manifest.json (its SHA-256 differs): the backup is damaged; nothing was restored.`,
    );

    rmSync(path.join(damaged, file));
    const missing = await runCli('restore', ['--from', damaged], target.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`${file} is missing from the backup: nothing was restored.`);

    expect(readdirSync(target.dataDir)).toEqual([]);
    if (target.url) expect(await tablesOf(target.url)).toBe(0);
  });

  it('leaves nothing behind when the database dump itself is broken (its manifest entry matching)', async () => {
    // A dump cut short before its hash was taken: every hash matches. On PostgreSQL pg_restore
    // fails after the keys and the media were written, and they are undone; on PGlite the
    // tarball's own gzip check refuses it before anything is written.
    const cut = path.join(tmpDir('cut'), 'backup');
    cpSync(withKeys, cut, { recursive: true });
    const manifest = manifestOf(cut);
    const dump = path.join(cut, manifest.database.path);
    writeFileSync(dump, readFileSync(dump).subarray(0, 4096));
    const entry = manifest.files.find((f) => f.path === manifest.database.path)!;
    Object.assign(entry, await fingerprintFile(dump));
    writeFileSync(path.join(cut, 'manifest.json'), JSON.stringify(manifest));

    const target = await emptyTarget();
    const run = await runCli('restore', ['--from', cut], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      onPostgres
        ? 'pg_restore failed: pg_restore: error: could not read from input file: end of file'
        : 'database/pglite.tar.gz is not a whole gzip tarball: the backup is damaged; nothing was restored.',
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
    if (target.url) expect(await tablesOf(target.url)).toBe(0);
  });

  it('refuses a data folder or a database that is not empty, and changes neither', async () => {
    const occupied = await emptyTarget();
    writeFileSync(path.join(occupied.dataDir, 'notes.txt'), 'mine');
    const folder = await runCli('restore', ['--from', plain], occupied.env);
    expect(folder.code).toBe(1);
    expect(folder.stderr.trim()).toBe(
      `DATA_DIR (${occupied.dataDir}) is not empty: restore into an empty data folder.`,
    );
    expect(readdirSync(occupied.dataDir)).toEqual(['notes.txt']);

    if (onPostgres) {
      const dataDir = tmpDir('restored');
      const database = await runCli('restore', ['--from', plain], {
        DATA_DIR: dataDir,
        DATABASE_URL: source.DATABASE_URL!,
      });
      expect(database.code).toBe(1);
      expect(database.stderr).toMatch(/^The database at DATABASE_URL is not empty \(\d+ tables/);
      expect(readdirSync(dataDir)).toEqual([]);
      expect(await rowCounts(ctx.deps.database)).toEqual(counts);
    }
  });

  it.skipIf(onPostgres)(
    'refuses to back up the embedded database while a server holds it, with one line saying what to do',
    async () => {
      const config = loadConfig({ ...source, JWT_SECRET: 'x'.repeat(40), PAYEE_DATA_KEY: 'y'.repeat(40) });
      const server = await openRuntimeDatabase(config, log, { share: true, migrate: false });
      try {
        const to = path.join(tmpDir('backups'), 'held');
        const run = await runCli('backup', ['--to', to], source);
        expect(run.code).toBe(1);
        expect(run.stderr.trim()).toBe(
          `The embedded database in ${ctx.dataDir} is open in the running server: stop the server, then run the backup again (only the process holding PGlite can copy it consistently).`,
        );
        expect(readdirSync(to)).toEqual([]);
      } finally {
        await server.close();
      }
    },
  );

  describe('media on S3-compatible storage', () => {
    const BUCKET = 'restored-media';
    let s3: S3rver;
    let s3Env: Record<string, string>;

    beforeAll(async () => {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: tmpDir('s3'),
        configureBuckets: [{ name: BUCKET }],
      });
      const { port } = await s3.run();
      s3Env = {
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
    });
    afterAll(async () => {
      await s3?.close();
    });

    it('restores the media into an empty bucket, backs them up from it, and refuses a bucket that is not empty', async () => {
      const target = await emptyTarget();
      const restored = await runCli('restore', ['--from', plain], { ...target.env, ...s3Env });
      // (The AWS SDK warns on stderr that its later versions need Node 22.)
      expect(restored.code, restored.stderr).toBe(0);
      const bucket = createS3Storage({
        bucket: BUCKET,
        endpoint: s3Env.S3_ENDPOINT,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      expect(await mediaHashes(bucket)).toEqual(media);
      // Nothing of the media went to the data folder: with S3 it holds the database only.
      expect(readdirSync(target.dataDir).filter((name) => name === 'media')).toEqual([]);

      const again = path.join(tmpDir('backups'), 'from-s3');
      const backup = await runCli('backup', ['--to', again], { ...target.env, ...s3Env });
      expect(backup.code, backup.stderr).toBe(0);
      const mediaOf = (m: Manifest) => m.files.filter((f) => f.path.startsWith('media/'));
      expect(mediaOf(manifestOf(again))).toEqual(expect.arrayContaining(mediaOf(manifestOf(plain))));
      expect(mediaOf(manifestOf(again))).toHaveLength(mediaOf(manifestOf(plain)).length);

      const second = await emptyTarget();
      const refused = await runCli('restore', ['--from', plain], { ...second.env, ...s3Env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(new RegExp(`^The bucket ${BUCKET} is not empty \\(it holds `, 'm'));
      expect(readdirSync(second.dataDir)).toEqual([]);
    });
  });
});
