import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type DatabaseHandle } from '../../db/client';
import { databaseMigratedTo } from '../../../test/migrated-database';

describe('migration 0029 makes every existing brand account the owner of its brand (issue 49)', () => {
  let handle: DatabaseHandle;
  let cleanup = async () => {};

  beforeAll(async () => {
    ({ handle, close: cleanup } = await databaseMigratedTo('0028_audit_actor_email'));
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
