import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import {
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '../../db/client';
import { adminUrl } from '../../../test/databases';

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

describe('migration 0029 makes every existing brand account the owner of its brand (issue 49)', () => {
  let handle: DatabaseHandle;
  let cleanup = async () => {};

  beforeAll(async () => {
    const before = migrationsUpTo('0028_audit_actor_email');
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      const name = `cc_migrate_${randomBytes(6).toString('hex')}`;
      const admin = openPostgres(adminUrl(process.env.TEST_DATABASE_URL!), 1);
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      handle = openPostgres(url.toString(), 2);
      const client = await handle.pool!.connect();
      await migratePg(drizzlePg(client), { migrationsFolder: before }).finally(() => client.release());
      cleanup = async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.close();
      };
    } else {
      handle = await openPglite('memory://');
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as never, { migrationsFolder: before });
      cleanup = () => handle.close();
    }
    rmSync(before, { recursive: true, force: true });
    // Two brand users of a brand and one of none, and a pending brand invitation, as before teams.
    await handle.query(`
      insert into brands (id, name, slug, logo_url) values (1, 'Hbada', 'hbada', '/brands/hbada.svg');
      insert into users (id, email, role, is_active) values
        (1, 'a@hbada.example', 'brand', true), (2, 'b@hbada.example', 'brand', true),
        (3, 'c@nowhere.example', 'brand', true), (4, 'staff@example.com', 'staff', true);
      insert into brand_profiles (user_id, brand_id, company_name) values
        (1, 1, 'Hbada'), (2, 1, 'Hbada'), (3, null, '');
      insert into invitations (token_hash, email, role, brand_id, invited_by, expires_at) values
        ('h1', 'd@hbada.example', 'brand', 1, 4, now() + interval '7 days'),
        ('h2', 'e@example.com', 'staff', null, 4, now() + interval '7 days');
    `);
    await migrateDatabase(handle);
  }, 120_000);
  afterAll(() => cleanup());

  it('gives every brand account the owner role, and pending brand invitations the owner role', async () => {
    const members = await handle.query('select user_id, role from brand_profiles order by user_id');
    expect(members.rows.map((r) => ({ user_id: Number(r.user_id), role: r.role }))).toEqual([
      { user_id: 1, role: 'owner' },
      { user_id: 2, role: 'owner' },
      { user_id: 3, role: 'owner' },
    ]);
    const invited = await handle.query('select email, brand_role from invitations order by email');
    expect(invited.rows).toEqual([
      { email: 'd@hbada.example', brand_role: 'owner' },
      { email: 'e@example.com', brand_role: null },
    ]);
    await expect(handle.query(`update brand_profiles set role = 'boss' where user_id = 1`)).rejects.toThrow();
  });
});
