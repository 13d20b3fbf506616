import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  ContestResponse,
  CreatorContests,
  ManagedApplication,
  ManagedApplicationPage,
  ProductStockResponse,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { applicationBody, contestBody } from '../../../test/contest-ops';
import { seedIfEmpty } from '../../db/seed/index';
import { createContestsService } from '../contests';

describe('selecting creators and shipping the product (issue 14)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let hbada: TestUser; // the contest's brand
  let other: TestUser; // another brand
  let outsider: TestUser; // a creator who did not apply
  let contest: ContestResponse;
  const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload ? { payload: payload as object } : {}),
    });
  const stock = async (contestId = contest.id) =>
    (await call('GET', `/api/contests/${contestId}/stock/`, staff)).json<ProductStockResponse[]>();
  const apply = async (
    productId: number,
    overrides: Record<string, unknown> = {},
    contestId = contest.id,
  ) => {
    const creator = await createUser(ctx, { role: 'creator' });
    const res = await call(
      'POST',
      `/api/contests/${contestId}/apply/`,
      creator,
      applicationBody(productId, overrides),
    );
    expect(res.statusCode).toBe(201);
    return { creator, applicationId: res.json<{ id: number }>().id };
  };
  const newContest = async (products = contestBody(1).products) =>
    (await call('POST', '/api/contests/', staff, contestBody(1, { products }))).json<ContestResponse>();

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    const otherBrand = await createContestsService(ctx.deps).createBrand({
      name: 'Other',
      slug: 'other',
      description: '',
      logo_url: '',
      website: '',
    });
    staff = await createUser(ctx, { role: 'staff' });
    hbada = await createUser(ctx, { role: 'brand', brandId: 1 });
    other = await createUser(ctx, { role: 'brand', brandId: otherBrand.id });
    outsider = await createUser(ctx, { role: 'creator' });
    contest = await newContest();
  });
  afterAll(() => ctx.close());

  it('lists applications for staff and the brand only, with filters, sort and the page shape', async () => {
    const [l1, l2] = contest.products;
    const a = await apply(l1!.id, { full_name: 'Zoe Zed' });
    await apply(l2!.id, { full_name: 'Adam Ant' });
    const url = `/api/contests/${contest.id}/applications/`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, a.creator)).statusCode).toBe(403);
    expect((await call('GET', url, other)).statusCode).toBe(403);
    for (const user of [hbada, staff]) {
      const page = (await call('GET', url, user)).json<ManagedApplicationPage>();
      expect(page.count).toBe(2);
      expect(page).toHaveProperty('next', null);
      expect(page.results[0]).toMatchObject({
        full_name: 'Adam Ant',
        status: 'pending',
        product: { id: l2!.id, code: 'L2', name: 'Lamp Two' },
        shipment: null,
        // A pending applicant's address is staff's business only (the brand sees it once selected).
        shipping_address: user === staff ? { line1: '12 Elm St', city: 'Austin' } : null,
        links: { youtube: '', instagram: '', portfolio: '' },
      });
    }
    const byProduct = (await call('GET', `${url}?product=${l1!.id}`, staff)).json<ManagedApplicationPage>();
    expect(byProduct.results.map((r) => r.id)).toEqual([a.applicationId]);
    expect(byProduct.results[0]!.creator_email).toBe(a.creator.email);
    const byName = (await call('GET', `${url}?sort=name`, staff)).json<ManagedApplicationPage>();
    expect(byName.results.map((r) => r.full_name)).toEqual(['Adam Ant', 'Zoe Zed']);
    const selected = (await call('GET', `${url}?status=selected`, staff)).json<ManagedApplicationPage>();
    expect(selected.count).toBe(0);
    expect((await call('GET', `${url}?status=bogus`, staff)).statusCode).toBe(400);
  });

  it("shows the brand an applicant's address and phone only once selected (shipped to); staff always", async () => {
    const fresh = await newContest();
    const [l1, l2] = fresh.products;
    const pending = await apply(l1!.id, {}, fresh.id);
    const declined = await apply(l2!.id, {}, fresh.id);
    const selected = await apply(l1!.id, {}, fresh.id);
    expect(
      (await call('POST', `/api/applications/${declined.applicationId}/decline/`, hbada)).statusCode,
    ).toBe(200);
    const chosen = await call('POST', `/api/applications/${selected.applicationId}/select/`, hbada);
    expect(chosen.json<ManagedApplication>()).toMatchObject({
      phone_number: '+15551234567',
      shipping_address: { line1: expect.any(String) as string },
    });
    const url = `/api/contests/${fresh.id}/applications/`;
    const asBrand = (await call('GET', url, hbada)).json<ManagedApplicationPage>().results;
    const byId = (id: number) => asBrand.find((a) => a.id === id)!;
    for (const id of [pending.applicationId, declined.applicationId]) {
      expect(byId(id)).toMatchObject({ phone_number: null, shipping_address: null });
      expect(JSON.stringify(byId(id))).not.toContain('+15551234567');
    }
    expect(byId(selected.applicationId).phone_number).toBe('+15551234567');
    expect(byId(selected.applicationId).shipping_address).not.toBeNull();
    const asStaff = (await call('GET', url, staff)).json<ManagedApplicationPage>().results;
    for (const application of asStaff) {
      expect(application.phone_number).toBe('+15551234567');
      expect(application.shipping_address).not.toBeNull();
    }
  });

  it('select: staff or the brand, once, with one e-mail carrying the brief; others 401/403', async () => {
    const { creator, applicationId } = await apply(contest.products[0]!.id);
    const url = `/api/applications/${applicationId}/select/`;
    expect((await call('POST', url)).statusCode).toBe(401);
    expect((await call('POST', url, creator)).statusCode).toBe(403);
    expect((await call('POST', url, outsider)).statusCode).toBe(403);
    expect((await call('POST', url, other)).statusCode).toBe(403);
    const res = await call('POST', url, hbada, { note: 'Loved your reel.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ManagedApplication>()).toMatchObject({
      id: applicationId,
      status: 'selected',
      decision: { note: 'Loved your reel.' },
    });
    expect((await call('POST', url, staff)).statusCode).toBe(409);
    const mail = await ctx.waitForEmail(creator.email, { containing: 'You are selected' });
    expect(mail).toContain('Show the lamp at night');
    await ctx.mailSettled();
    expect(ctx.mailsTo(creator.email, 'You are selected').length).toBe(1);
    const [audit] = (
      await ctx.deps.database.query(
        "select actor_id, before, after from audit_log where action = 'application.select' and target_id = $1",
        [String(applicationId)],
      )
    ).rows;
    expect(audit).toMatchObject({
      actor_id: hbada.id,
      before: { status: 'pending' },
      after: { status: 'selected' },
    });
  });

  it('decline returns the unit in the same transaction and sends one kind e-mail; the creator sees it under Ended', async () => {
    const fresh = await newContest();
    const product = fresh.products[1]!;
    const { creator, applicationId } = await apply(product.id, {}, fresh.id);
    const before = (await stock(fresh.id)).find((s) => s.product_id === product.id)!;
    expect(before).toMatchObject({ stock_quantity: 1, reserved: 1 });
    const url = `/api/applications/${applicationId}/decline/`;
    expect((await call('POST', url, creator)).statusCode).toBe(403);
    expect((await call('POST', url, other)).statusCode).toBe(403);
    const res = await call('POST', url, staff, { note: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined' });
    expect((await stock(fresh.id)).find((s) => s.product_id === product.id)).toMatchObject({
      stock_quantity: 2,
      reserved: 0,
    });
    expect((await call('POST', url, staff)).statusCode).toBe(409);
    // The decline's subject is the confirmation's ('Your application to …'): count by its words.
    const declined = (m: string) =>
      m.includes(`To: ${creator.email}`) && m.includes('could only select a few');
    for (let i = 0; i < 100 && !ctx.outbox().some(declined); i++)
      await new Promise((r) => setTimeout(r, 100));
    await ctx.mailSettled();
    expect(ctx.outbox().filter(declined)).toHaveLength(1);
    const dashboard = (
      await call('GET', '/api/accounts/creator/dashboard/', creator)
    ).json<CreatorContests>();
    expect(dashboard.ended.map((c) => c.id)).toContain(fresh.id);
    expect(dashboard.ended.find((c) => c.id === fresh.id)).toMatchObject({ application_status: 'declined' });
  });

  it('shipment: carrier and tracking, one e-mail, on the dashboard under Running; then delivered', async () => {
    const { creator, applicationId } = await apply(contest.products[0]!.id);
    const ship = `/api/applications/${applicationId}/shipment/`;
    const body = { carrier: 'UPS', tracking_number: '1Z999AA10123456784' };
    // Not selected yet.
    expect((await call('POST', ship, staff, body)).statusCode).toBe(409);
    expect((await call('POST', `/api/applications/${applicationId}/select/`, staff)).statusCode).toBe(200);
    expect((await call('POST', ship, undefined, body)).statusCode).toBe(401);
    expect((await call('POST', ship, creator, body)).statusCode).toBe(403);
    expect((await call('POST', ship, other, body)).statusCode).toBe(403);
    expect((await call('POST', ship, staff, { carrier: '', tracking_number: 'x' })).statusCode).toBe(400);
    const res = await call('POST', ship, hbada, body);
    expect(res.statusCode).toBe(200);
    expect(res.json<ManagedApplication>().shipment).toMatchObject({ ...body, delivered_at: null });
    expect((await call('POST', ship, staff, body)).statusCode).toBe(409);
    await ctx.waitForEmail(creator.email, { containing: 'has shipped' });
    await ctx.mailSettled();
    expect(ctx.mailsTo(creator.email, 'has shipped').length).toBe(1);
    expect(
      ctx.outbox().find((m) => m.includes(`To: ${creator.email}`) && m.includes('has shipped')),
    ).toContain('1Z999AA10123456784');

    const dashboard = (
      await call('GET', '/api/accounts/creator/dashboard/', creator)
    ).json<CreatorContests>();
    expect(dashboard.running.find((c) => c.id === contest.id)).toMatchObject({
      status: 'active',
      application_status: 'selected',
      shipment: { carrier: 'UPS', tracking_number: '1Z999AA10123456784' },
    });

    const delivered = `/api/applications/${applicationId}/delivered/`;
    expect((await call('POST', delivered, creator)).statusCode).toBe(403);
    expect((await call('POST', delivered, other)).statusCode).toBe(403);
    const done = await call('POST', delivered, staff);
    expect(done.statusCode).toBe(200);
    expect(done.json<ManagedApplication>().shipment!.delivered_at).not.toBeNull();
    expect((await call('POST', delivered, staff)).statusCode).toBe(409);
    // Shipped: it can no longer be withdrawn.
    expect((await call('POST', `/api/applications/${applicationId}/withdraw/`, staff)).statusCode).toBe(409);
  });

  it('withdraw (staff only, before shipping) returns the unit', async () => {
    const fresh = await newContest();
    const product = fresh.products[0]!;
    const { applicationId } = await apply(product.id, {}, fresh.id);
    await call('POST', `/api/applications/${applicationId}/select/`, staff);
    const url = `/api/applications/${applicationId}/withdraw/`;
    expect((await call('POST', url, hbada)).statusCode).toBe(403);
    expect((await call('POST', url, other)).statusCode).toBe(403);
    expect((await call('POST', url, outsider)).statusCode).toBe(403);
    const res = await call('POST', url, staff, { note: 'No longer available.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn' });
    expect((await stock(fresh.id))[0]).toMatchObject({ stock_quantity: 3, reserved: 0 });
  });

  it('shipping.csv: staff and the brand; a header row; formula cells neutralised', async () => {
    const fresh = await newContest();
    const { applicationId } = await apply(
      fresh.products[0]!.id,
      {
        phone_number: '+15551234567',
        shipping_address: {
          line1: '@SUM(1+1)',
          line2: '-2',
          city: '\tTab',
          state: '\rCR',
          postal: '78701',
          country: 'US',
        },
      },
      fresh.id,
    );
    // The name rule refuses formula-like names at apply (issue 18 M1); rows stored before it, or
    // written by any other path, must still come out neutralised.
    await ctx.deps.database.query('update applications set full_name = $1 where id = $2', [
      '=HYPERLINK("http://evil.example","click")',
      applicationId,
    ]);
    await apply(fresh.products[1]!.id, { full_name: 'Pending Person' }, fresh.id);
    await call('POST', `/api/applications/${applicationId}/select/`, staff);
    const url = `/api/contests/${fresh.id}/shipping.csv`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, outsider)).statusCode).toBe(403);
    expect((await call('GET', url, other)).statusCode).toBe(403);
    expect((await call('GET', url, hbada)).statusCode).toBe(200);
    const res = await call('GET', url, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Address,Product');
    expect(lines).toHaveLength(2); // only selected creators
    const row = lines[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""http://evil.example"",""click"")"`)).toBe(true);
    expect(row).toContain(",'+15551234567,");
    expect(row).toContain(`"'@SUM(1+1)`);
    expect(row).not.toContain('Pending Person');
    expect(row).toContain('L1 Lamp One');
    // No cell starts with a formula character unless neutralised.
    for (const cell of row.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('declining and applying at once keeps the stock exact', async () => {
    const fresh = await newContest([{ code: 'R1', name: 'Race Lamp', stock_quantity: 6 }]);
    const product = fresh.products[0]!;
    const held = [];
    for (let i = 0; i < 6; i++) held.push(await apply(product.id, {}, fresh.id));
    expect((await stock(fresh.id))[0]).toMatchObject({ stock_quantity: 0, reserved: 6 });
    const newcomers = await Promise.all(
      Array.from({ length: 8 }, () => createUser(ctx, { role: 'creator' })),
    );
    const results = await Promise.all([
      ...held.map((h) => call('POST', `/api/applications/${h.applicationId}/decline/`, staff)),
      ...newcomers.map((c) =>
        call('POST', `/api/contests/${fresh.id}/apply/`, c, applicationBody(product.id)),
      ),
    ]);
    const declines = results.slice(0, 6).map((r) => r.statusCode);
    const applies = results.slice(6).map((r) => r.statusCode);
    expect(declines).toEqual([200, 200, 200, 200, 200, 200]);
    const accepted = applies.filter((s) => s === 201).length;
    expect(applies.every((s) => s === 201 || s === 409)).toBe(true);
    const after = (await stock(fresh.id))[0]!;
    // 6 units in all: never oversold, never lost.
    expect(after.reserved).toBe(accepted);
    expect(after.stock_quantity + after.reserved).toBe(6);
    expect(after.stock_quantity).toBeGreaterThanOrEqual(0);
  });

  it('bulk release (staff): declines pending applications older than N days, returns the units, one audit row', async () => {
    const fresh = await newContest();
    const [l1, l2] = fresh.products;
    const old1 = await apply(l1!.id, {}, fresh.id);
    const old2 = await apply(l2!.id, {}, fresh.id);
    const recent = await apply(l1!.id, {}, fresh.id);
    const chosen = await apply(l1!.id, {}, fresh.id);
    await call('POST', `/api/applications/${chosen.applicationId}/select/`, staff);
    await ctx.deps.database.db.execute(
      sql`update applications set created_at = now() - interval '10 days' where id in (${old1.applicationId}, ${old2.applicationId}, ${chosen.applicationId})`,
    );
    const url = `/api/contests/${fresh.id}/applications/release/`;
    const body = { older_than_days: 7 };
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await call('POST', url, outsider, body)).statusCode).toBe(403);
    expect((await call('POST', url, hbada, body)).statusCode).toBe(403);
    expect((await call('POST', url, other, body)).statusCode).toBe(403);
    expect((await call('POST', url, staff, { older_than_days: 0 })).statusCode).toBe(400);

    // The dry run staff confirm: what the release would decline, changing nothing.
    const preview = `${url}?older_than_days=7`;
    expect((await call('GET', preview)).statusCode).toBe(401);
    for (const user of [outsider, hbada, other])
      expect((await call('GET', preview, user)).statusCode).toBe(403);
    expect((await call('GET', `${url}?older_than_days=0`, staff)).statusCode).toBe(400);
    expect((await call('GET', `${url}?older_than_days=7&product_id=999999`, staff)).statusCode).toBe(400);
    const dryRun = await call('GET', preview, staff);
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json()).toMatchObject({
      older_than_days: 7,
      pending: 2,
      products: [
        { id: l1!.id, code: l1!.code, name: l1!.name, pending: 1 },
        { id: l2!.id, code: l2!.code, name: l2!.name, pending: 1 },
      ],
    });
    expect((await call('GET', `${url}?older_than_days=7&product_id=${l2!.id}`, staff)).json()).toMatchObject({
      pending: 1,
      products: [{ id: l2!.id, pending: 1 }],
    });
    expect((await call('GET', `${url}?older_than_days=30`, staff)).json()).toMatchObject({
      pending: 0,
      products: [],
    });
    expect((await stock(fresh.id)).map((s) => s.reserved)).toEqual([3, 1]);

    const res = await call('POST', url, staff, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      declined: 2,
      application_ids: [old1.applicationId, old2.applicationId].sort((a, b) => a - b),
    });
    const after = await stock(fresh.id);
    expect(after.map((s) => [s.stock_quantity, s.reserved])).toEqual([
      [1, 2],
      [2, 0],
    ]);
    const audit = await ctx.deps.database.query(
      "select after from audit_log where action = 'application.release' and target_id = $1",
      [String(fresh.id)],
    );
    expect(audit.rows).toHaveLength(1);
    await ctx.waitForEmail(old1.creator.email, { containing: 'could only select a few' });
    expect((await call('GET', preview, staff)).json()).toMatchObject({ pending: 0, products: [] });
    const again = await call('POST', url, staff, body);
    expect(again.json()).toEqual({ declined: 0, application_ids: [] });
    expect(recent).toBeTruthy();
  });
});
