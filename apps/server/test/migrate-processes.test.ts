import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { openPglite, openPostgres } from '../src/db/client';
import { openRuntimeDatabase } from '../src/db/runtime';
import { knownMigrations, newerSchemaMessage } from '../src/db/schema-version';
import { buildServer, serverEnv, serverNodeArgs } from '../scripts/start-command.mjs';
import { adminUrl, createTestDatabase } from './databases';
import { recordNewerMigrations } from './newer-schema';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: serverDir, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run migrate` (apps/server's script: tsx, run as `node --import tsx` like the admin CLI). */
const migrate = (env: Record<string, string>) => run(['--import', 'tsx', 'src/cli/migrate.ts'], env);
/** `npm start`'s node command on the bundle. */
const startServer = (env: Record<string, string>) => run(serverNodeArgs(), { ...serverEnv(), ...env });
/** What a process wrote to stderr, without npm's or node's own notices. */
const errorLines = (output: string) =>
  output
    .trim()
    .split('\n')
    .filter((line) => line && !line.includes('nodedir'));

const known = knownMigrations();
const lastTag = known.at(-1)!.tag;

interface Database {
  env: Record<string, string>;
  cleanUp(): Promise<void>;
}

/** A new DATA_DIR, and on the PostgreSQL run DATABASE_URL naming `database` on the test server. */
function environment(database?: string): Record<string, string> {
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cc-migrate-')),
    LOG_LEVEL: 'warn',
    PORT: '0',
  };
  if (database) {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

/** A database no process has migrated yet, as a first deploy meets it. */
async function emptyDatabase(): Promise<Database> {
  if (!onPostgres) {
    const env = environment();
    return { env, cleanUp: async () => rmSync(env.DATA_DIR!, { recursive: true, force: true }) };
  }
  const name = `cc_migrate_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!), 1);
  await admin.query(`create database ${name}`);
  const env = environment(name);
  return {
    env,
    async cleanUp() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
      rmSync(env.DATA_DIR!, { recursive: true, force: true });
    },
  };
}

/** A database a newer build migrated: this build's migrations and four more recorded after them. */
async function newerDatabase(): Promise<Database> {
  if (!onPostgres) {
    const env = environment();
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const handle = await openPglite(path.join(env.DATA_DIR!, 'pglite'), dump);
    await recordNewerMigrations(handle, 4);
    await handle.close();
    return { env, cleanUp: async () => rmSync(env.DATA_DIR!, { recursive: true, force: true }) };
  }
  const database = await createTestDatabase();
  await recordNewerMigrations(database.handle, 4);
  const env = environment(new URL(database.handle.pool!.options.connectionString!).pathname.slice(1));
  return {
    env,
    async cleanUp() {
      await database.drop();
      rmSync(env.DATA_DIR!, { recursive: true, force: true });
    },
  };
}

beforeAll(() => buildServer());

describe('npm run migrate (schema changes on deploy)', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.cleanUp();
    database = undefined;
  });

  it("applies this build's migrations and exits; run again, it finds nothing to do", async () => {
    database = await emptyDatabase();
    const first = await migrate(database.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      `Applied ${known.length} migrations (${known[0]!.tag} … ${lastTag}): the schema is at ${lastTag}.\n`,
    );
    const again = await migrate(database.env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`The schema is up to date (${lastTag}): no migration to apply.\n`);
  }, 120_000);

  it('refuses a database a newer build migrated, and so does the server: one line, a non-zero exit', async () => {
    database = await newerDatabase();
    const refusal = newerSchemaMessage(known.length + 3, known.length - 1);

    const migrating = await migrate(database.env);
    expect(migrating.code).toBe(1);
    expect(errorLines(migrating.stderr)).toEqual([refusal]);

    const starting = await startServer(database.env);
    expect(starting.code).toBe(1);
    expect(errorLines(starting.stderr)).toEqual([`Failed to start: ${refusal}`]);
    expect(starting.stdout).not.toContain('ready on');
  }, 120_000);
});

// The embedded database only: the PostgreSQL run would repeat the PGlite run's test.
describe.skipIf(onPostgres)('npm run migrate on an embedded database a running server holds', () => {
  it("migrates it through the server's socket", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-migrate-held-'));
    // The running server, here in the test's process: it holds DATA_DIR and shares it.
    const held = await openRuntimeDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      pino({ level: 'silent' }),
      { share: true, migrate: false },
    );
    try {
      const result = await migrate({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`the schema is at ${lastTag}.`);
      const { rows } = await held.handle.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0]).toEqual({ n: known.length });
    } finally {
      await held.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
