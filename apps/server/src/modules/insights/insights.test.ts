import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestInsights, MyVideoPlays, StaffInsights } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import {
  applications,
  contestEntries,
  entryScores,
  playDays,
  playMarks,
  videos,
} from '../../db/schema/index';
import { makeEntry, makeJudgingContest, type JudgingContest } from '../judging/test-support';

describe('insights: play beacons, contest funnel and the staff overview (issue 33)', () => {
  let ctx: TestContext;
  let contest: JudgingContest;
  let staff: TestUser;
  let brandUser: TestUser;
  let otherBrand: TestUser;
  let creators: TestUser[];
  let entries: Array<{ entryId: number; videoIds: number[] }>;
  let ip = 10;

  const db = () => ctx.deps.database.db;
  const beacon = (
    videoId: number,
    body: Record<string, unknown>,
    options: { user?: TestUser; remoteAddress?: string; asText?: boolean } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/videos/videos/${videoId}/plays/`,
      headers: {
        ...(options.user?.headers ?? {}),
        ...(options.asText ? { 'content-type': 'text/plain;charset=UTF-8' } : {}),
      },
      payload: options.asText ? JSON.stringify(body) : body,
      remoteAddress: options.remoteAddress ?? `127.0.9.${ip++ % 250}`,
    });
  const insights = (user?: TestUser, contestId = contest.id) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/brand/contests/${contestId}/insights/`,
      headers: user?.headers ?? {},
    });

  beforeAll(async () => {
    // Every read computed afresh: the tests read the numbers right after the beacons that change them.
    ctx = await createTestContext({ INSIGHTS_CACHE_SECONDS: '0' });
    contest = await makeJudgingContest(db(), { title: 'Insights contest' });
    staff = await createUser(ctx, { role: 'staff', firstName: 'Sam', lastName: 'Judge' });
    brandUser = await createUser(ctx, {
      role: 'brand',
      brandId: contest.brandId,
      firstName: 'Bea',
      lastName: 'Brand',
    });
    const other = await makeJudgingContest(db());
    otherBrand = await createUser(ctx, { role: 'brand', brandId: other.brandId });
    creators = [];
    for (let i = 0; i < 4; i++) creators.push(await createUser(ctx, { role: 'creator' }));
    // Four entrants (selected, shipped) with an entry each; the first has two versions.
    entries = [];
    for (const [i, creator] of creators.entries())
      entries.push(
        await makeEntry(db(), contest, creator, { versions: i === 0 ? 2 : 1, title: `Film ${i}` }),
      );
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('counts the funnel of a staged contest: applied → selected → shipped → submitted → checked → scored → paid', async () => {
    // Beside the four selected and shipped entrants: one selected not shipped, two pending, one
    // declined, one withdrawn.
    const extra = async (status: 'pending' | 'selected' | 'declined' | 'withdrawn') => {
      const creator = await createUser(ctx, { role: 'creator' });
      await db()
        .insert(applications)
        .values({
          contestId: contest.id,
          userId: creator.id,
          productId: contest.productId,
          status,
          fullName: 'Applicant',
          email: creator.email,
          shippingAddress: { line1: '1 Main St', city: 'Austin', country: 'US' },
          termsAcceptedAt: new Date(),
        });
    };
    for (const status of ['selected', 'pending', 'pending', 'declined', 'withdrawn'] as const)
      await extra(status);
    // Entry statuses along the timeline: in review (checked), scored, paid, and one just uploaded.
    const setStatus = (entryId: number, status: string) =>
      db().update(contestEntries).set({ status }).where(eq(contestEntries.id, entryId));
    await setStatus(entries[1]!.entryId, 'scored');
    await setStatus(entries[2]!.entryId, 'paid');
    await setStatus(entries[3]!.entryId, 'processing');
    // Staff scored two entries, the brand user one.
    const score = (entryId: number, judgeId: number) =>
      db()
        .insert(entryScores)
        .values({
          entryId,
          version: 1,
          judgeId,
          scores: [{ criterion: 'Story', score: 8 }],
          weightedTotal: 800,
        });
    await score(entries[1]!.entryId, staff.id);
    await score(entries[2]!.entryId, staff.id);
    await score(entries[2]!.entryId, brandUser.id);

    for (const viewer of [staff, brandUser]) {
      const response = await insights(viewer);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ContestInsights>();
      expect(body.funnel).toEqual({
        applied: 9,
        selected: 5,
        shipped: 4,
        submitted: 4,
        checked: 3,
        scored: 2,
        paid: 1,
      });
      const today = new Date().toISOString().slice(0, 10);
      expect(body.submissions_by_day).toEqual([{ date: today, count: 4, cumulative: 4 }]);
      expect(body.judges).toEqual([
        { judge_id: staff.id, name: 'Sam Judge', scored: 2, total: 4 },
        { judge_id: brandUser.id, name: 'Bea Brand', scored: 1, total: 4 },
      ]);
      expect(body.entries_total).toBe(4);
      expect(body.entries.map((e) => e.title).sort()).toEqual([
        'Film 0 v2',
        'Film 1 v1',
        'Film 2 v1',
        'Film 3 v1',
      ]);
    }
  });

  it('refuses everyone but staff and the contest’s brand: another brand 404, a creator 403, anonymous 401', async () => {
    expect((await insights(otherBrand)).statusCode).toBe(404);
    expect((await insights(creators[0])).statusCode).toBe(403);
    expect((await insights()).statusCode).toBe(401);
    expect((await insights(staff, 2_000_000_000)).statusCode).toBe(404);
  });

  it('deduplicates beacons per session and tenth and draws the retention curve from them', async () => {
    const videoId = entries[1]!.videoIds[0]!;
    const a = `session-a-${randomUUID().slice(0, 8)}`;
    const b = `session-b-${randomUUID().slice(0, 8)}`;
    // Session a: starts, reaches tenths 1–10 (each sent twice: a retry), then replays (not another
    // play the same day).
    expect((await beacon(videoId, { session: a, event: 'start', tenth: 0 })).statusCode).toBe(204);
    for (let tenth = 1; tenth <= 10; tenth++)
      for (let i = 0; i < 2; i++)
        expect((await beacon(videoId, { session: a, event: 'progress', tenth })).statusCode).toBe(204);
    expect((await beacon(videoId, { session: a, event: 'start', tenth: 0 })).statusCode).toBe(204);
    // Session b (sendBeacon's text/plain body): starts and stops after tenth 4.
    expect(
      (await beacon(videoId, { session: b, event: 'start', tenth: 0 }, { asText: true })).statusCode,
    ).toBe(204);
    for (let tenth = 1; tenth <= 4; tenth++)
      expect(
        (await beacon(videoId, { session: b, event: 'progress', tenth }, { asText: true })).statusCode,
      ).toBe(204);

    const body = (await insights(brandUser)).json<ContestInsights>();
    const entry = body.entries.find((e) => e.entry_id === entries[1]!.entryId)!;
    expect(entry).toMatchObject({ plays: 2, viewers: 2 });
    expect(entry.retention).toEqual([1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
    // (10 + 4 tenths) of 2 viewers × 10 tenths.
    expect(entry.average_watched).toBe(0.7);
    // Most played first.
    expect(body.entries[0]!.entry_id).toBe(entries[1]!.entryId);

    // Aggregates only: one day row; the marks are keys, bounded to two days.
    const days = await db().select().from(playDays).where(eq(playDays.videoId, videoId));
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ plays: 2, viewers: 2, reached: [2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1] });
    const marks = await db().select().from(playMarks).where(eq(playMarks.videoId, videoId));
    // Each session's play and tenths.
    expect(marks).toHaveLength(1 + 11 + 1 + 5);
  });

  it('counts an entry over all its versions’ videos', async () => {
    const [v1, v2] = entries[0]!.videoIds;
    await beacon(v1!, { session: 'versions-session-1', event: 'start', tenth: 0 });
    await beacon(v2!, { session: 'versions-session-2', event: 'start', tenth: 0 });
    await beacon(v2!, { session: 'versions-session-2', event: 'progress', tenth: 5 });
    const entry = (await insights(staff))
      .json<ContestInsights>()
      .entries.find((e) => e.entry_id === entries[0]!.entryId)!;
    expect(entry).toMatchObject({ plays: 2, viewers: 2 });
    expect(entry.retention[5]).toBe(0.5);
  });

  it('answers 404 for an unknown video and for one the caller may not see, and 400 for a bad beacon', async () => {
    const owner = creators[0]!;
    const pending = await createVideoRow(ctx, owner);
    const start = { session: 'private-session-1', event: 'start', tenth: 0 };
    expect((await beacon(2_000_000_000, start)).statusCode).toBe(404);
    expect((await beacon(pending.id, start)).statusCode).toBe(404);
    expect((await beacon(pending.id, start, { user: creators[1] })).statusCode).toBe(404);
    // Its owner sees it (signed in): counted.
    expect((await beacon(pending.id, start, { user: owner })).statusCode).toBe(204);
    const approved = entries[3]!.videoIds[0]!;
    for (const bad of [
      { session: 'short', event: 'start', tenth: 0 },
      { session: 'x'.repeat(65), event: 'start', tenth: 0 },
      { session: 'bad session!', event: 'start', tenth: 0 },
      { session: 'valid-session', event: 'stop', tenth: 0 },
      { session: 'valid-session', event: 'progress', tenth: 11 },
      { session: 'valid-session', event: 'progress', tenth: 1.5 },
    ]) {
      const response = await beacon(approved, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/videos/${approved}/plays/`,
      headers: { 'content-type': 'text/plain' },
      payload: 'not json',
      remoteAddress: '127.0.8.1',
    });
    expect(notJson.statusCode).toBe(400);
    const [row] = await db()
      .select({ n: playDays.plays })
      .from(playDays)
      .where(eq(playDays.videoId, approved));
    expect(row).toBeUndefined();
  });

  it('limits one client to 120 beacons a minute (429 after), other clients unaffected', async () => {
    const videoId = entries[3]!.videoIds[0]!;
    const remoteAddress = '127.0.7.7';
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push(
        (
          await beacon(
            videoId,
            { session: `rate-session-${i}`, event: 'progress', tenth: 1 },
            { remoteAddress },
          )
        ).statusCode,
      );
    expect(statuses.filter((s) => s === 204)).toHaveLength(120);
    const refused = await beacon(
      videoId,
      { session: 'rate-session-x', event: 'start', tenth: 0 },
      { remoteAddress },
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses[120]).toBe(429);
    expect(
      (
        await beacon(
          videoId,
          { session: 'rate-session-y', event: 'start', tenth: 0 },
          { remoteAddress: '127.0.7.8' },
        )
      ).statusCode,
    ).toBe(204);
  });

  it('shows owners their own videos’ numbers (My Videos)', async () => {
    const owner = creators[1]!;
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/creator/videos/plays/',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    const mine = response.json<MyVideoPlays>();
    expect(mine.videos).toEqual([
      { video_id: entries[1]!.videoIds[0], plays: 2, viewers: 2, average_watched: 0.7 },
    ]);
  });

  it('gives staff uploads, failures and processing times per day and the review queue by age', async () => {
    const owner = creators[2]!;
    const now = Date.now();
    const made = await createVideoRow(ctx, owner, { createdAt: new Date(now - 2 * 86_400_000) });
    await db()
      .update(videos)
      .set({ processedAt: new Date(now - 2 * 86_400_000 + 60_000) })
      .where(eq(videos.id, made.id));
    await createVideoRow(ctx, owner, { status: 'failed', createdAt: new Date(now - 86_400_000) });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/insights/?days=7',
      headers: staff.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<StaffInsights>();
    expect(body.by_day).toHaveLength(7);
    const twoDaysAgo = body.by_day[4]!;
    expect(twoDaysAgo.date).toBe(new Date(now - 2 * 86_400_000).toISOString().slice(0, 10));
    expect(twoDaysAgo.uploads).toBeGreaterThanOrEqual(1);
    expect(twoDaysAgo.processing_p50_seconds).toBe(60);
    expect(body.by_day[5]!.failed).toBeGreaterThanOrEqual(1);
    expect(body.review_queue.waiting).toBeGreaterThanOrEqual(2);
    expect(body.review_queue.by_age.map((b) => b.label)).toEqual([
      'Under 1 day',
      '1–3 days',
      '3–7 days',
      'Over 7 days',
    ]);
    expect(body.review_queue.by_age.reduce((sum, b) => sum + b.count, 0)).toBe(body.review_queue.waiting);
    const tooMany = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/insights/?days=400',
      headers: staff.headers,
    });
    expect(tooMany.statusCode).toBe(400);
    const ids = (
      await db()
        .select({ id: videos.id })
        .from(videos)
        .where(inArray(videos.id, [made.id]))
    ).length;
    expect(ids).toBe(1);
  });
});
