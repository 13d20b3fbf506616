import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIR_IDS, FEATURED_CONTEST_SLUG, type ContestResponse, type ProductResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedIfEmpty } from '../../db/seed/index';

describe('contests and products (read)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
  });
  afterAll(() => ctx.close());

  it('GET /api/contests/1/ and by slug return the seeded, open chair contest', async () => {
    const byId = await ctx.app.inject({ method: 'GET', url: '/api/contests/1/' });
    expect(byId.statusCode).toBe(200);
    const contest = byId.json<ContestResponse>();
    expect(contest).toMatchObject({
      id: 1,
      slug: FEATURED_CONTEST_SLUG,
      prize: 5000,
      currency: 'USD',
      status: 'open',
      accepting_applications: true,
      tagline: 'Self-love is your energy',
      brand: { id: 1, name: 'Hbada' },
      eligibility: { country: 'United States', minimum_age: 18 },
      timezone: 'America/Los_Angeles',
    });
    expect(contest.deadline).toBe(contest.application_deadline);
    expect(new Date(contest.starts_at).getTime()).toBeLessThan(Date.now());
    expect(new Date(contest.application_deadline).getTime()).toBeGreaterThan(Date.now());

    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/contests/${FEATURED_CONTEST_SLUG}/` });
    expect(bySlug.json()).toEqual(contest);
  });

  it('page content stored with missing fields reads with their defaults, and a stored change shows at once', async () => {
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/contests/1/' })).json<ContestResponse>();
    const before = await read();
    const store = (landing: object, requirements: object) =>
      ctx.deps.database.db.execute(
        sql`update contests set landing = ${JSON.stringify(landing)}::jsonb,
              video_requirements = ${JSON.stringify(requirements)}::jsonb where id = 1`,
      );
    try {
      // As a row written before these fields existed, or by hand.
      await store({ product_noun: 'lamp', concepts: [{ product_code: 'X7' }] }, { max_seconds: 60 });
      const sparse = await read();
      expect(sparse.landing).toEqual({
        product_noun: 'lamp',
        headline: '',
        concepts_title: '',
        concepts_intro: '',
        concepts: [{ product_code: 'X7', line: '', text: '', themes: [] }],
        challenge_title: '',
        format_notes: [],
        inspiration: null,
      });
      expect(sparse.video_requirements).toMatchObject({
        max_seconds: 60,
        aspect_ratio: null,
        containers: [],
      });
      // Changed behind this process's back (another process, the admin CLI, SQL by hand): the next
      // read has it.
      await store({ product_noun: 'desk' }, {});
      expect((await read()).landing.product_noun).toBe('desk');
    } finally {
      await store(before.landing, before.video_requirements);
    }
    expect(await read()).toEqual(before);
  });

  it('an unknown contest is a 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contests/999/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('GET /api/contests/active/ is an array holding the open contest; the list filters by status', async () => {
    const active = await ctx.app.inject({ method: 'GET', url: '/api/contests/active/' });
    expect(active.json<ContestResponse[]>().map((c) => c.id)).toEqual([1]);
    const open = await ctx.app.inject({ method: 'GET', url: '/api/contests/?status=open' });
    expect(open.json<ContestResponse[]>().map((c) => c.id)).toEqual([1]);
    const ended = await ctx.app.inject({ method: 'GET', url: '/api/contests/?status=ended' });
    expect(ended.json()).toEqual([]);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/contests/' });
    expect(all.json<ContestResponse[]>()).toHaveLength(1);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/contests/?status=nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('brands 1 and 4 and the contest list the same three chairs with live stock', async () => {
    const expected = [
      { id: CHAIR_IDS.E3, name: 'E3 PRO', status: 'available', stock_quantity: 12 },
      { id: CHAIR_IDS.X7, name: 'X7 SMART', status: 'available', stock_quantity: 8 },
      { id: CHAIR_IDS.P2, name: 'P2 ERGONOMIC', status: 'available', stock_quantity: 10 },
    ];
    for (const url of ['/api/brands/1/products/', '/api/brands/4/products/', '/api/contests/1/products/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(
        res
          .json<ProductResponse[]>()
          .map(({ id, name, status, stock_quantity }) => ({ id, name, status, stock_quantity })),
        url,
      ).toEqual(expected);
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/brands/2/products/' });
    expect(none.json()).toEqual([]);
  });
});

describe('the seeded timeline', () => {
  it("keeps the spec's gaps in Pacific time, starting on the seeding day", async () => {
    const { chairContestTimeline } = await import('../../db/seed/index');
    const summer = chairContestTimeline(new Date('2025-07-26T18:00:00Z'));
    expect(summer.startsAt.toISOString()).toBe('2025-07-26T07:00:00.000Z');
    expect(summer.applicationDeadline.toISOString()).toBe('2025-08-07T06:59:00.000Z');
    expect(summer.submissionDeadline.toISOString()).toBe('2025-08-23T06:59:00.000Z');
    expect(summer.judgingStartsAt.toISOString()).toBe('2025-08-23T07:00:00.000Z');
    expect(summer.judgingEndsAt.toISOString()).toBe('2025-08-30T06:59:00.000Z');
    expect(summer.winnersAt.toISOString()).toBe('2025-08-30T16:00:00.000Z');
    // 03:00 UTC is still the previous evening in California: the contest has already started.
    const late = new Date('2026-11-22T03:00:00Z');
    const winter = chairContestTimeline(late);
    expect(winter.startsAt.toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(winter.startsAt.getTime()).toBeLessThanOrEqual(late.getTime());
  });
});
