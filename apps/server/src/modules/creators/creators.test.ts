import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  applications,
  brands,
  contestResults,
  contests,
  ledgerEntries,
  products,
  contestEntries,
  entryEvents,
  entryVersions,
  videos,
} from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, lastRoundIdOf, type TestUser } from '../../../test/factories';

const DAY = 24 * 3600 * 1000;
let ctx: TestContext;
let brandId: number;
let productId: number;

async function makeContest(title: string, deadlineInDays: number, prizeCents = 500_000) {
  const deadline = new Date(Date.now() + deadlineInDays * DAY);
  const [row] = await ctx.deps.database.db
    .insert(contests)
    .values({
      slug: `contest-${Math.random().toString(36).slice(2, 10)}`,
      title,
      brandId,
      prizeCents,
      eligibility: { country: 'US', minimumAge: 18, experience: 'yes' },
      startsAt: new Date(deadline.getTime() - 30 * DAY),
      applicationDeadline: new Date(deadline.getTime() - 10 * DAY),
      submissionDeadline: deadline,
      judgingStartsAt: new Date(deadline.getTime() + DAY),
      judgingEndsAt: new Date(deadline.getTime() + 7 * DAY),
      winnersAt: new Date(deadline.getTime() + 8 * DAY),
    })
    .returning({ id: contests.id });
  return row!.id;
}

async function apply(user: TestUser, contestId: number, status: 'pending' | 'selected' | 'declined') {
  await ctx.deps.database.db.insert(applications).values({
    contestId,
    userId: user.id,
    productId,
    status,
    fullName: 'Test Creator',
    email: user.email,
    shippingAddress: { line1: '1 Main St', city: 'Austin', country: 'US' },
    termsAcceptedAt: new Date(),
  });
}

async function makeVideo(
  user: TestUser,
  title: string,
  options: {
    contestId?: number;
    createdAt?: Date;
    status?: 'processing' | 'ready' | 'failed';
    failureReason?: string;
  } = {},
) {
  const [row] = await ctx.deps.database.db
    .insert(videos)
    .values({
      ownerId: user.id,
      title,
      contestId: options.contestId ?? null,
      // Every contest here is `brandId`'s.
      contestBrandId: options.contestId ? brandId : null,
      originalKey: `videos/${user.id}/${Math.random().toString(36).slice(2)}/original.mp4`,
      originalType: 'video/mp4',
      sizeBytes: 1000,
      status: options.status ?? 'ready',
      failureReason: options.failureReason ?? null,
      posterKey:
        options.status === 'ready' || !options.status ? `videos/${user.id}/poster-${title.length}.jpg` : null,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning({ id: videos.id });
  return row!.id;
}

/** A contest entry with the video as its first version (the entries module's tables). */
async function submit(user: TestUser, contestId: number, videoId: number) {
  const db = ctx.deps.database.db;
  const [row] = await db
    .insert(contestEntries)
    .values({ contestId, roundId: await lastRoundIdOf(db, contestId), userId: user.id, status: 'in_review' })
    .returning({ id: contestEntries.id });
  await db.insert(entryVersions).values({ entryId: row!.id, version: 1, videoId });
  await db.insert(entryEvents).values({ entryId: row!.id, step: 'uploaded', version: 1 });
  await db.update(videos).set({ views: 7 }).where(eq(videos.id, videoId));
  return row!.id;
}

const get = (url: string, user: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user.headers });

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.database.db;
  const [brand] = await db
    .insert(brands)
    .values({ name: 'Test Brand', slug: `brand-${Date.now()}` })
    .returning({ id: brands.id });
  brandId = brand!.id;
  const [product] = await db
    .insert(products)
    .values({ brandId, code: 'T1', name: 'Test chair', stockQuantity: 5 })
    .returning({ id: products.id });
  productId = product!.id;
});
afterAll(() => ctx?.close());

describe('creator endpoints: access', () => {
  const endpoints = [
    '/api/creator/dashboard/',
    '/api/accounts/creator/dashboard/',
    '/api/accounts/creators/stats/',
    '/api/accounts/creators/earnings/',
    '/api/creators/submissions/',
    '/api/accounts/auth/creator-profile/',
  ];

  it.each(endpoints)('%s needs a signed-in user (401)', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
  });

  it.each(endpoints)('%s refuses a brand (403)', async (url) => {
    const brand = await createUser(ctx, { role: 'brand' });
    const res = await get(url, brand);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You do not have permission to perform this action.');
  });

  it('refuses a brand on the profile PATCH too (403)', async () => {
    const brand = await createUser(ctx, { role: 'brand' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/accounts/auth/creator-profile/',
      headers: {
        ...brand.headers,
        cookie: 'csrftoken=abcdefghijklmnopqrstuvwxyz0123456789',
        'x-csrftoken': 'abcdefghijklmnopqrstuvwxyz0123456789',
      },
      payload: { bio: 'hi' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/accounts/creator/dashboard/ and /api/creator/dashboard/', () => {
  it('gives a new creator empty lists', async () => {
    const creator = await createUser(ctx);
    const res = await get('/api/accounts/creator/dashboard/', creator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ running: [], applied: [], ended: [] });
    const other = await get('/api/creator/dashboard/', creator);
    expect(other.json()).toEqual({
      videos: [],
      running_contests: [],
      active_contests: [],
      applied_contests: [],
      past_contests: [],
    });
  });

  it('sorts contests into running, applied and ended, with submission and result', async () => {
    const creator = await createUser(ctx);
    const selected = await makeContest('Selected, open', 5, 500_000);
    const pending = await makeContest('Pending, open', 6, 250_050);
    const submittedOnly = await makeContest('Submitted, open', 7);
    const declined = await makeContest('Declined, open', 8);
    const over = await makeContest('Over', -3, 100_000);
    await makeContest('Not taking part', 5);
    await apply(creator, selected, 'selected');
    await apply(creator, pending, 'pending');
    await apply(creator, declined, 'declined');
    await apply(creator, over, 'selected');
    const entry = await makeVideo(creator, 'Entry', { contestId: submittedOnly });
    const submissionId = await submit(creator, submittedOnly, entry);
    const pastEntry = await makeVideo(creator, 'Past entry', { contestId: over });
    await submit(creator, over, pastEntry);
    await ctx.deps.database.db
      .insert(contestResults)
      .values({ contestId: over, userId: creator.id, place: 1, prizeCents: 100_000 });

    const res = await get('/api/accounts/creator/dashboard/', creator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const titles = (list: Array<{ title: string }>) => list.map((c) => c.title);
    expect(titles(body.running)).toEqual(['Submitted, open', 'Selected, open']);
    expect(titles(body.applied)).toEqual(['Pending, open']);
    expect(titles(body.ended)).toEqual(['Declined, open', 'Over']);
    expect(body.running.map((c: { status: string }) => c.status)).toEqual(['active', 'active']);
    expect(body.applied[0]).toMatchObject({
      id: pending,
      status: 'applied',
      prize: '2500.50',
      application_status: 'pending',
      submission: null,
      result: null,
    });
    expect(body.running[0]).toMatchObject({
      id: submittedOnly,
      application_status: null,
      submission: {
        id: submissionId,
        video_id: entry,
        version: 1,
        status: 'in_review',
        timeline: [{ step: 'uploaded', version: 1 }],
      },
    });
    const ended = body.ended.find((c: { id: number }) => c.id === over);
    expect(ended).toMatchObject({
      status: 'completed',
      prize: '1000.00',
      prize_cents: 100_000,
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      result: { place: 1, prize_cents: 100_000, currency: 'USD' },
    });
    expect(new Date(ended.deadline).getTime()).toBeLessThan(Date.now());
    expect(new Date(ended.end_date).getTime()).toBeGreaterThan(new Date(ended.deadline).getTime());

    const variant = (await get('/api/creator/dashboard/', creator)).json();
    expect(titles(variant.running_contests)).toEqual(titles(body.running));
    expect(variant.active_contests).toEqual(variant.running_contests);
    expect(variant.applied_contests).toEqual(body.applied);
    expect(variant.past_contests).toEqual(body.ended);
  });

  it("lists the creator's own videos, newest first, and never another creator's", async () => {
    const creator = await createUser(ctx);
    const other = await createUser(ctx);
    const contestId = await makeContest('Video contest', 5);
    await makeVideo(creator, 'Old standalone', { createdAt: new Date(Date.now() - 2 * DAY) });
    await makeVideo(creator, 'Contest entry', { contestId, createdAt: new Date(Date.now() - DAY) });
    await makeVideo(creator, 'Broken', {
      status: 'failed',
      failureReason: 'This file is not a playable video.',
    });
    await makeVideo(other, 'Not mine');
    await apply(other, contestId, 'selected');

    const body = (await get('/api/creator/dashboard/', creator)).json();
    expect(body.videos.map((v: { title: string }) => v.title)).toEqual([
      'Broken',
      'Contest entry',
      'Old standalone',
    ]);
    expect(body.videos[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'This file is not a playable video.',
      thumbnail: null,
      type: 'standalone',
    });
    expect(body.videos[1]).toMatchObject({
      type: 'contest',
      contest_id: contestId,
      contest_title: 'Video contest',
      status: 'ready',
    });
    // Not approved: the poster's URL is signed and expires (issue 18, L8).
    expect(body.videos[1].thumbnail).toMatch(
      /^\/media\/s\/\d+\/[A-Za-z0-9_-]{43}\/videos\/\d+\/poster-\d+\.jpg$/,
    );
    expect(body.videos[1].created_at).toBe(body.videos[1].createdAt);
    // The video's contest is read with the lists' contests, yet the creator takes no part in it.
    expect([...body.running_contests, ...body.applied_contests, ...body.past_contests]).toEqual([]);
    expect(body.videos[0]).not.toHaveProperty('originalKey');
    expect(body.videos[0]).not.toHaveProperty('original_key');
  });
});

describe('GET /api/accounts/creators/stats/', () => {
  it('counts videos, submissions, wins and participations of the caller only', async () => {
    const creator = await createUser(ctx);
    const other = await createUser(ctx);
    expect((await get('/api/accounts/creators/stats/', creator)).json()).toEqual({
      total_videos: 0,
      total_submissions: 0,
      contests_won: 0,
      contest_participations: 0,
    });
    const won = await makeContest('Won', -5);
    const lost = await makeContest('Lost', -5);
    const pending = await makeContest('Pending', 5);
    await apply(creator, won, 'selected');
    await apply(creator, pending, 'pending');
    await submit(creator, won, await makeVideo(creator, 'A', { contestId: won }));
    await submit(creator, lost, await makeVideo(creator, 'B', { contestId: lost }));
    await makeVideo(creator, 'C');
    await makeVideo(other, 'D');
    await ctx.deps.database.db.insert(contestResults).values([
      { contestId: won, userId: creator.id, place: 1, prizeCents: 500_000 },
      { contestId: lost, userId: creator.id, place: 2 },
      { contestId: won, userId: other.id, place: 1 },
    ]);
    const res = await get('/api/accounts/creators/stats/', creator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_videos: 3,
      total_submissions: 2,
      contests_won: 1,
      contest_participations: 2,
    });
  });
});

describe('GET /api/accounts/creators/earnings/', () => {
  it('is zero with 2 decimals for a new creator', async () => {
    const creator = await createUser(ctx);
    const res = await get('/api/accounts/creators/earnings/', creator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_earnings: '0.00',
      recent_earnings: '0.00',
      pending_payments: '0.00',
      currency: 'USD',
    });
  });

  it('sums the money ledger in cents: total, last 30 days, pending (earned, not paid)', async () => {
    const creator = await createUser(ctx);
    const other = await createUser(ctx);
    const db = ctx.deps.database.db;
    const prize = (userId: number, amountCents: number, daysAgo: number) => ({
      kind: 'prize_awarded' as const,
      userId,
      amountCents,
      currency: 'USD',
      createdAt: new Date(Date.now() - daysAgo * DAY),
    });
    const [a, , c] = await db
      .insert(ledgerEntries)
      .values([
        prize(creator.id, 500_000, 60),
        prize(creator.id, 12_345, 2),
        prize(creator.id, 5, 29),
        prize(other.id, 99_999, 0),
      ])
      .returning({ id: ledgerEntries.id, amountCents: ledgerEntries.amountCents });
    await db.insert(ledgerEntries).values(
      [a!, c!].map((earning) => ({
        kind: 'payout_recorded' as const,
        userId: creator.id,
        earningId: earning.id,
        amountCents: earning.amountCents,
        currency: 'USD',
        method: 'bank_transfer' as const,
        reference: 'test',
      })),
    );
    const res = await get('/api/accounts/creators/earnings/', creator);
    expect(res.json()).toEqual({
      total_earnings: '5123.50',
      recent_earnings: '123.50',
      pending_payments: '123.45',
      currency: 'USD',
    });
  });
});

describe('GET /api/creators/submissions/', () => {
  it("lists the caller's submissions with video, contest and views", async () => {
    const creator = await createUser(ctx);
    const other = await createUser(ctx);
    const contestId = await makeContest('Submissions contest', 5);
    const videoId = await makeVideo(creator, 'My entry', { contestId });
    const id = await submit(creator, contestId, videoId);
    await submit(other, contestId, await makeVideo(other, 'Their entry', { contestId }));

    const res = await get('/api/creators/submissions/', creator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      id,
      video: { id: videoId, title: 'My entry' },
      contest: { id: contestId, title: 'Submissions contest' },
      view_count: 7,
    });
    expect(body[0].submission_date).toBe(body[0].created_at);
  });
});
