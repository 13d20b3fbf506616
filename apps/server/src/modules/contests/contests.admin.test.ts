import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BrandContest, ContestResponse, ProductStockResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { applicationBody, contestBody } from '../../../test/contest-ops';
import { seedIfEmpty } from '../../db/seed/index';
import { createContestsService } from './contests.service';

describe('contests run by staff and brands (issue 14)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let creator: TestUser;
  let hbada: TestUser; // brand 1
  let other: TestUser; // another brand
  let otherBrandId: number;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload ? { payload: payload as object } : {}),
    });
  const audit = async (action: string, targetId: number) =>
    (
      await ctx.deps.database.query(
        'select actor_id, before, after from audit_log where action = $1 and target_id = $2 order by id',
        [action, String(targetId)],
      )
    ).rows as Array<{ actor_id: number; before: Record<string, unknown>; after: Record<string, unknown> }>;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    otherBrandId = (
      await createContestsService(ctx.deps).createBrand({
        name: 'Other',
        slug: 'other',
        description: '',
        logo_url: '',
        website: '',
      })
    ).id;
    staff = await createUser(ctx, { role: 'staff' });
    creator = await createUser(ctx, { role: 'creator' });
    hbada = await createUser(ctx, { role: 'brand', brandId: 1 });
    other = await createUser(ctx, { role: 'brand', brandId: otherBrandId });
  });
  afterAll(() => ctx.close());

  it('POST /api/contests/: anonymous 401, creator 403, a brand for another brand 403; staff publish at once', async () => {
    expect((await call('POST', '/api/contests/', undefined, contestBody(1))).statusCode).toBe(401);
    expect((await call('POST', '/api/contests/', creator, contestBody(1))).statusCode).toBe(403);
    expect((await call('POST', '/api/contests/', other, contestBody(1))).statusCode).toBe(403);
    const res = await call('POST', '/api/contests/', staff, contestBody(1));
    expect(res.statusCode).toBe(201);
    const contest = res.json<ContestResponse>();
    expect(contest).toMatchObject({
      publication_status: 'published',
      status: 'open',
      prize: 1500,
      prize_cents: 150_000,
      rubric: [
        { name: 'Story', weight: 60 },
        { name: 'Craft', weight: 40 },
      ],
      video_requirements: { aspect_ratio: '9:16', min_seconds: 30, max_seconds: 60, min_height: 1920 },
    });
    expect(contest.products.map((p) => p.code)).toEqual(['L1', 'L2']);
    const [row] = await audit('contest.create', contest.id);
    expect(row).toMatchObject({ actor_id: staff.id, after: { title: contest.title } });
  });

  it("a brand user's contest is a draft that only staff and that brand see until staff publish it", async () => {
    const res = await call('POST', '/api/contests/', hbada, contestBody(1));
    expect(res.statusCode).toBe(201);
    const draft = res.json<ContestResponse>();
    expect(draft.publication_status).toBe('draft');
    const hidden = async () => {
      for (const user of [undefined, creator, other]) {
        expect((await call('GET', `/api/contests/${draft.id}/`, user)).statusCode).toBe(404);
        expect((await call('GET', `/api/contests/${draft.slug}/`, user)).statusCode).toBe(404);
        expect((await call('GET', `/api/contests/${draft.id}/products/`, user)).statusCode).toBe(404);
        const list = (await call('GET', '/api/contests/', user)).json<ContestResponse[]>();
        expect(list.map((c) => c.id)).not.toContain(draft.id);
      }
      // Nor through the brand's public catalogue (a draft's products are its brand's and staff's).
      const catalogue = (await call('GET', '/api/brands/1/products/')).json<Array<{ id: number }>>();
      for (const product of draft.products) expect(catalogue.map((p) => p.id)).not.toContain(product.id);
      const apply = await call(
        'POST',
        `/api/contests/${draft.id}/apply/`,
        creator,
        applicationBody(draft.products[0]!.id),
      );
      expect(apply.statusCode).toBe(404);
    };
    await hidden();
    for (const user of [hbada, staff]) {
      expect((await call('GET', `/api/contests/${draft.id}/`, user)).statusCode).toBe(200);
      const list = (await call('GET', '/api/contests/', user)).json<ContestResponse[]>();
      expect(list.map((c) => c.id)).toContain(draft.id);
    }
    // Only staff publish.
    expect((await call('POST', `/api/contests/${draft.id}/publish/`, hbada)).statusCode).toBe(403);
    expect((await call('POST', `/api/contests/${draft.id}/publish/`, creator)).statusCode).toBe(403);
    expect((await call('POST', `/api/contests/${draft.id}/publish/`, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/contests/${draft.id}/publish/`)).statusCode).toBe(401);
    await hidden();
    const published = await call('POST', `/api/contests/${draft.id}/publish/`, staff);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ publication_status: 'published' });
    expect((await call('GET', `/api/contests/${draft.id}/`)).statusCode).toBe(200);
    const catalogue = (await call('GET', '/api/brands/1/products/')).json<Array<{ id: number }>>();
    for (const product of draft.products) expect(catalogue.map((p) => p.id)).toContain(product.id);
    expect((await audit('contest.publish', draft.id))[0]).toMatchObject({
      before: { publication_status: 'draft' },
      after: { publication_status: 'published' },
    });
  });

  it("a product removed from a draft stays unreleased: never in the brand's public catalogue", async () => {
    const draft = (await call('POST', '/api/contests/', hbada, contestBody(1))).json<ContestResponse>();
    const [kept, removed] = draft.products;
    const edited = await call('PATCH', `/api/contests/${draft.id}/`, hbada, {
      products: [{ id: kept!.id, code: kept!.code, name: kept!.name, stock_quantity: 0 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ContestResponse>().products.map((p) => p.id)).toEqual([kept!.id]);
    for (const user of [undefined, creator, other, hbada]) {
      const catalogue = (await call('GET', '/api/brands/1/products/', user)).json<Array<{ id: number }>>();
      expect(catalogue.map((p) => p.id)).not.toContain(removed!.id);
      expect(catalogue.map((p) => p.id)).not.toContain(kept!.id);
    }
  });

  it('PATCH: the brand edits its drafts, staff edit any contest, every edit audited with before/after', async () => {
    const draft = (await call('POST', '/api/contests/', hbada, contestBody(1))).json<ContestResponse>();
    const url = `/api/contests/${draft.id}/`;
    expect((await call('PATCH', url, undefined, { title: 'X' })).statusCode).toBe(401);
    expect((await call('PATCH', url, creator, { title: 'X' })).statusCode).toBe(403);
    expect((await call('PATCH', url, other, { title: 'X' })).statusCode).toBe(404);
    const edited = await call('PATCH', url, hbada, { title: 'Renamed by the brand', prize: 2000 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Renamed by the brand',
      prize: 2000,
      publication_status: 'draft',
      tagline: 'Light your desk',
      rubric: [
        { name: 'Story', weight: 60 },
        { name: 'Craft', weight: 40 },
      ],
    });
    // A brand cannot move its contest to another brand.
    expect((await call('PATCH', url, hbada, { brand_id: otherBrandId })).statusCode).toBe(403);
    const [row] = await audit('contest.update', draft.id);
    expect(row).toMatchObject({
      actor_id: hbada.id,
      before: { title: draft.title, prizeCents: 150_000 },
      after: { title: 'Renamed by the brand', prizeCents: 200_000 },
    });
    expect(Object.keys(row!.after)).toEqual(['title', 'prizeCents']);

    // Published contests are edited by staff; the brand gets 403; another brand 403.
    await call('POST', `/api/contests/${draft.id}/publish/`, staff);
    expect((await call('PATCH', url, hbada, { title: 'Again' })).statusCode).toBe(403);
    expect((await call('PATCH', url, other, { title: 'Again' })).statusCode).toBe(403);
    const products = draft.products.map((p) => ({
      id: p.id,
      code: p.code,
      name: `${p.name} v2`,
      stock_quantity: 0,
    }));
    const byStaff = await call('PATCH', url, staff, {
      products: [...products, { code: 'L3', name: 'Lamp Three', stock_quantity: 4, features: ['USB-C'] }],
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json<ContestResponse>().products.map((p) => [p.code, p.name])).toEqual([
      ['L1', 'Lamp One v2'],
      ['L2', 'Lamp Two v2'],
      ['L3', 'Lamp Three'],
    ]);
    // An existing product's stock is not changed by PATCH (the stock call does that).
    const stock = (await call('GET', `/api/contests/${draft.id}/stock/`, staff)).json<
      ProductStockResponse[]
    >();
    expect(stock.map((s) => s.stock_quantity)).toEqual([3, 2, 4]);
  });

  it('checks the timeline in order, the rubric weights and the prize, on create and on edit', async () => {
    const body = contestBody(1);
    const bad = await call('POST', '/api/contests/', staff, {
      ...body,
      application_deadline: body.starts_at,
      starts_at: body.submission_deadline,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('timeline');
    const rubric = await call('POST', '/api/contests/', staff, {
      ...body,
      rubric: [{ name: 'Story', weight: 50 }],
    });
    expect(rubric.statusCode).toBe(400);
    expect(JSON.stringify(rubric.json())).toContain('add up to 100');
    const { prize_cents: _omit, ...noPrize } = body;
    expect((await call('POST', '/api/contests/', staff, noPrize)).statusCode).toBe(400);

    const contest = (await call('POST', '/api/contests/', staff, body)).json<ContestResponse>();
    const edit = await call('PATCH', `/api/contests/${contest.id}/`, staff, { winners_at: body.starts_at });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toHaveProperty('timeline');
    expect((await call('GET', `/api/contests/${contest.id}/`)).json()).toMatchObject({
      winners_at: contest.winners_at,
    });
  });

  it('archive (staff): the contest leaves the public lists, its page stays', async () => {
    const contest = (await call('POST', '/api/contests/', staff, contestBody(1))).json<ContestResponse>();
    expect((await call('POST', `/api/contests/${contest.id}/archive/`, hbada)).statusCode).toBe(403);
    expect((await call('POST', `/api/contests/${contest.id}/archive/`, creator)).statusCode).toBe(403);
    expect((await call('POST', `/api/contests/${contest.id}/archive/`, staff)).statusCode).toBe(200);
    for (const url of ['/api/contests/', '/api/contests/active/']) {
      const ids = (await call('GET', url, staff)).json<ContestResponse[]>().map((c) => c.id);
      expect(ids).not.toContain(contest.id);
    }
    expect((await call('GET', `/api/contests/${contest.id}/`)).json()).toMatchObject({
      publication_status: 'archived',
      accepting_applications: false,
    });
  });

  it('stock (staff): raised or lowered in all, never below the reserved units', async () => {
    const contest = (await call('POST', '/api/contests/', staff, contestBody(1))).json<ContestResponse>();
    const product = contest.products[0]!;
    for (const i of [0, 1]) {
      const c = await createUser(ctx, { role: 'creator' });
      const res = await call(
        'POST',
        `/api/contests/${contest.id}/apply/`,
        c,
        applicationBody(product.id, { email: c.email }),
      );
      expect(res.statusCode, `apply ${i}`).toBe(201);
      // The confirmation is sent before the test ends (no job left running at teardown).
      await ctx.waitForEmail(c.email);
    }
    const url = `/api/contests/${contest.id}/products/${product.id}/stock/`;
    expect((await call('POST', url, undefined, { total: 5 })).statusCode).toBe(401);
    expect((await call('POST', url, creator, { total: 5 })).statusCode).toBe(403);
    expect((await call('POST', url, hbada, { total: 5 })).statusCode).toBe(403);
    expect((await call('POST', url, other, { total: 5 })).statusCode).toBe(403);
    const below = await call('POST', url, staff, { total: 1 });
    expect(below.statusCode).toBe(400);
    expect((await call('POST', url, staff, { total: 10 })).json()).toEqual({
      product_id: product.id,
      stock_quantity: 8,
      reserved: 2,
      total: 10,
    });
    expect((await call('POST', url, staff, { total: 2 })).json()).toMatchObject({ stock_quantity: 0 });
    const [row] = await audit('product.stock', product.id);
    expect(row).toMatchObject({ before: { stock_quantity: 1, reserved: 2 }, after: { stock_quantity: 8 } });
  });

  it('images (staff and brand users): checked like avatars and stored as WebP', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({
      create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 100, b: 0 } },
    })
      .png()
      .toBuffer();
    const form = (bytes: Buffer, name = 'banner.png') => {
      const boundary = '----ops';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const upload = (user: TestUser | undefined, bytes: Buffer) => {
      const f = form(bytes);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/contests/images/',
        payload: f.payload,
        headers: { ...f.headers, ...(user?.headers ?? {}) },
      });
    };
    expect((await upload(undefined, png)).statusCode).toBe(401);
    expect((await upload(creator, png)).statusCode).toBe(403);
    const ok = await upload(hbada, png);
    expect(ok.statusCode).toBe(201);
    expect(ok.json<{ key: string }>().key).toMatch(/^contests\/[0-9a-f]+\.webp$/);
    const bad = await upload(staff, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('image');
  });

  it("brand dashboard: the brand's contests with drafts and counts; never another brand's", async () => {
    const draft = (await call('POST', '/api/contests/', hbada, contestBody(1))).json<ContestResponse>();
    expect((await call('GET', '/api/brand/contests/')).statusCode).toBe(401);
    expect((await call('GET', '/api/brand/contests/', creator)).statusCode).toBe(403);
    const mine = (await call('GET', '/api/brand/contests/', hbada)).json<BrandContest[]>();
    expect(mine.every((c) => c.brand.id === 1)).toBe(true);
    expect(mine.find((c) => c.id === draft.id)).toMatchObject({
      publication_status: 'draft',
      counts: { pending: 0, selected: 0, declined: 0, shipped: 0, entries: 0 },
    });
    const chair = mine.find((c) => c.id === 1)!;
    expect(chair).toBeDefined();
    const theirs = (await call('GET', '/api/brand/contests/', other)).json<BrandContest[]>();
    expect(theirs.map((c) => c.id)).not.toContain(draft.id);
    expect(theirs.map((c) => c.id)).not.toContain(1);
    const all = (await call('GET', '/api/brand/contests/', staff)).json<BrandContest[]>();
    expect(all.map((c) => c.id)).toContain(draft.id);
    // The counts follow each contest's own applications and entries (the stock test applied).
    const stored = await ctx.deps.database.db.execute<{ id: number; pending: number; entries: number }>(sql`
      select c.id,
        (select count(*)::int from applications a where a.contest_id = c.id and a.status = 'pending') as pending,
        (select count(*)::int from contest_entries e where e.contest_id = c.id) as entries
      from contests c`);
    expect(stored.rows.some((row) => row.pending > 0)).toBe(true);
    for (const row of stored.rows) {
      expect(all.find((c) => c.id === row.id)?.counts, `contest ${row.id}`).toMatchObject({
        pending: row.pending,
        entries: row.entries,
      });
    }
  });

  it('GET /api/brands/: staff see every brand, a brand user its own, creators 403', async () => {
    expect((await call('GET', '/api/brands/')).statusCode).toBe(401);
    expect((await call('GET', '/api/brands/', creator)).statusCode).toBe(403);
    expect((await call('GET', '/api/brands/', hbada)).json()).toEqual([
      { id: 1, name: 'Hbada', slug: 'hbada' },
    ]);
    const all = (await call('GET', '/api/brands/', staff)).json<Array<{ id: number }>>();
    expect(all.map((b) => b.id).sort()).toEqual([1, otherBrandId].sort());
  });

  it('the seeded chair contest has a rubric that sums to 100', async () => {
    const chair = (await call('GET', '/api/contests/1/')).json<ContestResponse>();
    expect(chair.rubric.length).toBeGreaterThan(1);
    expect(chair.rubric.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
  });
});
