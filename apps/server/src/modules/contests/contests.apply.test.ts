import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAIR_IDS, MESSAGES, type ProductResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { seedIfEmpty } from '../../db/seed/index';

function payload(overrides: Record<string, unknown> = {}) {
  return {
    full_name: 'Maya Lopez',
    email: 'maya@example.com',
    phone_number: '+15551234567',
    bio: 'Cinematographer in Austin, TX.',
    shipping_address: {
      line1: '12 Elm St',
      line2: '',
      city: 'Austin',
      state: 'TX',
      postal: '78701',
      country: 'US',
    },
    product_id: CHAIR_IDS.X7,
    terms_accepted: true,
    youtube_url: '',
    instagram_url: '',
    portfolio_url: '',
    ...overrides,
  };
}

describe('POST /api/contests/{id}/apply/', () => {
  let ctx: TestContext;
  const stock = async (productId: number) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/brands/1/products/' });
    return res.json<ProductResponse[]>().find((p) => p.id === productId)!.stock_quantity;
  };
  const setStock = (productId: number, n: number) =>
    ctx.deps.database.db.execute(sql`update products set stock_quantity = ${n} where id = ${productId}`);
  const apply = (headers: Record<string, string> | undefined, body: unknown, contest = '1') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${contest}/apply/`,
      headers,
      payload: body as object,
    });

  const applicationCount = async (userId: number) =>
    Number(
      (
        await ctx.deps.database.query('select count(*)::int as n from applications where user_id = $1', [
          userId,
        ])
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
  });
  afterAll(() => ctx.close());

  it('applies, reserves one chair, keeps the answers, saves a new address and sends a confirmation', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const before = await stock(CHAIR_IDS.X7);
    const res = await apply(
      creator.headers,
      payload({
        email: creator.email,
        youtube_url: 'not a url',
        instagram_url: '@maya',
        portfolio_url: 'maya.dev',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      contest_id: 1,
      product_id: CHAIR_IDS.X7,
      status: 'pending',
      stock_quantity: before - 1,
    });
    expect(await stock(CHAIR_IDS.X7)).toBe(before - 1);

    const saved = await ctx.deps.database.query(
      'select shipping_address, youtube_url, instagram_url, portfolio_url from applications where user_id = $1',
      [creator.id],
    );
    expect(saved.rows[0]).toMatchObject({
      shipping_address: {
        line1: '12 Elm St',
        city: 'Austin',
        state: 'TX',
        postal: '78701',
        country: 'US',
        line2: '',
      },
      youtube_url: 'not a url',
      instagram_url: '@maya',
      portfolio_url: 'maya.dev',
    });
    const profile = await ctx.deps.database.query(
      'select shipping_address_line1, shipping_city, shipping_state, shipping_postal_code, shipping_country from creator_profiles where user_id = $1',
      [creator.id],
    );
    expect(profile.rows[0]).toEqual({
      shipping_address_line1: '12 Elm St',
      shipping_city: 'Austin',
      shipping_state: 'TX',
      shipping_postal_code: '78701',
      shipping_country: 'US',
    });
    const mail = await ctx.waitForEmail(creator.email);
    expect(mail).toContain('Subject: Your application to Hbada Synergy Chair Contest');
    expect(mail).toContain('X7 SMART');
  });

  it('refuses a second application by the same creator and leaves the stock alone', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    expect((await apply(creator.headers, payload({ product_id: CHAIR_IDS.E3 }))).statusCode).toBe(201);
    const left = await stock(CHAIR_IDS.P2);
    const again = await apply(creator.headers, payload({ product_id: CHAIR_IDS.P2 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: MESSAGES.application.alreadyApplied });
    expect(await stock(CHAIR_IDS.P2)).toBe(left);
  });

  it('one creator sending five applications at once gets exactly one, and one chair', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const left = await stock(CHAIR_IDS.P2);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => apply(creator.headers, payload({ product_id: CHAIR_IDS.P2 }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ detail: MESSAGES.application.alreadyApplied });
    }
    expect(await stock(CHAIR_IDS.P2)).toBe(left - 1);
  });

  it("keeps the profile's saved address when the creator used it, and its other fields always", async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    await ctx.deps.database.query(
      `update creator_profiles set bio = 'Saved bio', shipping_address_line1 = '1 Saved St', shipping_address_line2 = 'Unit 2',
        shipping_city = 'Austin', shipping_state = 'TX', shipping_postal_code = '78701', shipping_country = 'US' where user_id = $1`,
      [creator.id],
    );
    const before = await ctx.deps.database.query('select * from creator_profiles where user_id = $1', [
      creator.id,
    ]);
    const saved = {
      line1: '1 Saved St',
      line2: 'Unit 2',
      city: 'Austin',
      state: 'TX',
      postal: '78701',
      country: 'US',
    };
    expect((await apply(creator.headers, payload({ shipping_address: saved }))).statusCode).toBe(201);
    const after = await ctx.deps.database.query('select * from creator_profiles where user_id = $1', [
      creator.id,
    ]);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('refuses a chair with no stock left', async () => {
    await setStock(CHAIR_IDS.P2, 0);
    const creator = await createUser(ctx, { role: 'creator' });
    const res = await apply(creator.headers, payload({ product_id: CHAIR_IDS.P2 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      detail: MESSAGES.application.outOfStock,
      product_id: [MESSAGES.application.outOfStock],
    });
    expect(await stock(CHAIR_IDS.P2)).toBe(0);
    const count = await ctx.deps.database.query(
      'select count(*)::int as n from applications where user_id = $1',
      [creator.id],
    );
    expect(count.rows[0]).toEqual({ n: 0 });
    await setStock(CHAIR_IDS.P2, 10);
  });

  it("refuses terms not accepted with a terms_accepted error ('Terms must be accepted')", async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    for (const body of [payload({ terms_accepted: false }), { ...payload(), terms_accepted: undefined }]) {
      const res = await apply(creator.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: 'Terms must be accepted',
        terms_accepted: ['Terms must be accepted'],
      });
    }
  });

  it('refuses an unknown or closed contest with a contest error', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const unknown = await apply(creator.headers, payload(), '999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ contest: [MESSAGES.application.invalidContest] });

    await ctx.deps.database.db.execute(sql`
      insert into contests (id, slug, title, brand_id, prize_cents, eligibility, starts_at, application_deadline,
        submission_deadline, judging_starts_at, judging_ends_at, winners_at)
      values (50, 'closed-one', 'Closed', 1, 100000, '{"country":"US","minimumAge":18,"experience":""}',
        now() - interval '30 days', now() - interval '10 days', now() + interval '5 days',
        now() + interval '6 days', now() + interval '9 days', now() + interval '10 days')`);
    await ctx.deps.database.db.execute(
      sql`insert into contest_products (contest_id, product_id) values (50, ${CHAIR_IDS.E3})`,
    );
    const closed = await apply(creator.headers, payload({ product_id: CHAIR_IDS.E3 }), 'closed-one');
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toMatchObject({ contest: [MESSAGES.application.contestClosed] });
    const got = await ctx.app.inject({ method: 'GET', url: '/api/contests/50/' });
    expect(got.json()).toMatchObject({ status: 'production', accepting_applications: false });
  });

  it('refuses a product the contest does not offer', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const res = await apply(creator.headers, payload({ product_id: 99 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('product_id');
  });

  it('checks required fields like the wizard (new address: line1, city and country)', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const res = await apply(
      creator.headers,
      payload({
        full_name: '  ',
        shipping_address: { line1: '', line2: '', city: 'Austin', state: '', postal: '', country: '' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('full_name');
    expect(res.json()).toHaveProperty('shipping_address');
  });

  // M1 (issue 18): the application e-mail is not a relay.
  it('refuses an e-mail field with 500 comma-separated recipients, and sends nothing', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const recipients = Array.from({ length: 500 }, (_, i) => `victim${i}@example.com`).join(',');
    for (const email of [
      recipients,
      'a@example.com, b@example.com',
      'x<attacker@evil.com>',
      'a@example.com\nBcc: b@example.com',
    ]) {
      const res = await apply(creator.headers, payload({ email }));
      expect(res.statusCode).toBe(400);
      expect(res.json().email).toEqual([MESSAGES.profile.invalidEmail]);
    }
    expect(await applicationCount(creator.id)).toBe(0);
    expect(ctx.outbox().some((m) => m.includes('victim1@example.com') || m.includes('evil.com'))).toBe(false);
  });

  it('refuses a full name with a link, angle brackets or a new line', async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    for (const full_name of [
      'Win a prize at https://evil.example/claim',
      'Visit www.evil.example now',
      'Claim at evil.com',
      '<b>Maya</b>',
      'Maya\nLopez',
      'M'.repeat(201),
    ]) {
      const res = await apply(creator.headers, payload({ full_name }));
      expect(res.statusCode, full_name).toBe(400);
      expect(res.json().full_name, full_name).toEqual(expect.any(Array));
    }
    expect(await applicationCount(creator.id)).toBe(0);
  });

  it("sends the confirmation to the account's own address, never to the one typed in the form", async () => {
    const creator = await createUser(ctx, { role: 'creator' });
    const res = await apply(
      creator.headers,
      payload({
        email: 'someone-else@example.com',
        product_id: CHAIR_IDS.E3,
        full_name: "Jean-Luc O'Neil Jr.",
      }),
    );
    expect(res.statusCode).toBe(201);
    const mail = await ctx.waitForEmail(creator.email);
    expect(mail).toContain('Subject: Your application to');
    expect(ctx.outbox().some((m) => m.includes('someone-else@example.com'))).toBe(false);
  });

  it('is for signed-in creators only', async () => {
    const anonymous = await apply(undefined, payload());
    expect(anonymous.statusCode).toBe(401);
    const brand = await createUser(ctx, { role: 'brand' });
    const res = await apply(brand.headers, payload());
    expect(res.statusCode).toBe(403);
  });

  it('never oversells: 200 creators at once for a chair with 10 left → exactly 10 succeed, stock 0', async () => {
    await setStock(CHAIR_IDS.E3, 10);
    const creators = [];
    for (let i = 0; i < 200; i++) creators.push(await createUser(ctx, { role: 'creator' }));
    const results = await Promise.all(
      creators.map((c) => apply(c.headers, payload({ product_id: CHAIR_IDS.E3, email: c.email }))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(190);
    expect(await stock(CHAIR_IDS.E3)).toBe(0);
    const ids = creators.map((c) => c.id);
    const rows = await ctx.deps.database.query(
      'select count(*)::int as n from applications where product_id = $1 and user_id = any($2::int[])',
      [CHAIR_IDS.E3, ids],
    );
    expect(rows.rows[0]).toEqual({ n: 10 });
  }, 120_000);
});
