import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { adminUrl } from './databases';

/** The migrations up to and including `tag`, in a folder of their own. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A fresh database of the test driver's kind (a PostgreSQL database of its own, or an in-memory
 * PGlite) migrated up to and including the migration `tag`: a migration test writes rows as they
 * were then, runs `migrateDatabase(handle)` and reads what the later migrations made of them.
 * `close` drops it.
 */
export async function databaseMigratedTo(
  tag: string,
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const before = migrationsUpTo(tag);
  try {
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      const name = `cc_migrate_${randomBytes(6).toString('hex')}`;
      const admin = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!), 1);
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const handle = openPostgres(url.toString(), 2);
      const client = await handle.pool!.connect();
      await migratePg(drizzlePg(client), { migrationsFolder: before }).finally(() => client.release());
      return {
        handle,
        close: async () => {
          await handle.close();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.close();
        },
      };
    }
    const handle = await openPglite('memory://');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: before });
    return { handle, close: () => handle.close() };
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
