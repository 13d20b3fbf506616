import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { login } from '../../modules/accounts/test-support';
import { applications } from '../schema/index';
import { seedIfEmpty } from './index';
import { DEMO_ACCOUNTS_FILE, DEMO_BRAND_EMAIL, DEMO_STAFF_EMAIL, seedDemoAccounts } from './demo-world';

describe('the demo world (first start of the embedded database, or npm run seed -- --demo)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds staff, an Hbada brand user and creators with applications once, passwords in a 0600 file', async () => {
    const accounts = await seedDemoAccounts(ctx.deps);
    expect(accounts).not.toBeNull();
    expect(accounts!.map((a) => a.role)).toEqual([
      'staff',
      'brand',
      'creator',
      'creator',
      'creator',
      'creator',
    ]);
    const file = path.join(ctx.dataDir, DEMO_ACCOUNTS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    for (const account of accounts!) expect(text).toContain(`${account.email}  ${account.password}`);

    const staff = accounts!.find((a) => a.email === DEMO_STAFF_EMAIL)!;
    const staffSession = (await login(ctx, staff.email, staff.password)).json<LoginResponse>();
    expect(staffSession.user.role).toBe('staff');
    const queue = await ctx.app.inject({
      url: '/api/staff/videos/',
      headers: { authorization: `Bearer ${staffSession.access}` },
    });
    expect(queue.statusCode).toBe(200);
    const brand = accounts!.find((a) => a.email === DEMO_BRAND_EMAIL)!;
    const brandSession = (await login(ctx, brand.email, brand.password)).json<LoginResponse>();
    expect(brandSession.user).toMatchObject({ role: 'brand', brand_profile: { company_name: 'Hbada' } });
    const rows = await ctx.deps.database.db.select().from(applications);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.contestId === 1)).toBe(true);

    // Once: a second run finds the demo staff account and changes nothing.
    expect(await seedDemoAccounts(ctx.deps)).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(await ctx.deps.database.db.select().from(applications)).toHaveLength(4);
  });
});
