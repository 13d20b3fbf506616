import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_DELETE_MESSAGES, type Video, type VideoPage } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, lastRoundIdOf, type TestUser } from '../../../test/factories';
import { makeClips, multipartBody } from '../../../test/video-clips';
import { auditLog, brands, contestEntries, contests, entryVersions, videos } from '../../db/schema/index';
import { approveVideo } from '../../cli/commands/approve-video';
import { seedIfEmpty } from '../../db/seed/index';
import { refreshCreatorVideoSearch } from './videos.service';

describe('videos: list, page, changes and search', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let stranger: TestUser;
  let clips: ReturnType<typeof makeClips>;
  let approved: Video;
  let pending: Video;

  async function upload(user: TestUser, title: string, description = '') {
    const body = multipartBody(
      { title, description },
      { filename: 'clip.mp4', type: 'video/mp4', bytes: readFileSync(clips.mp4) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Video>();
  }
  const get = (url: string, user?: TestUser) => ctx.app.inject({ url, headers: user?.headers ?? {} });
  const search = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/videos/search/?query=${encodeURIComponent(query)}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json<VideoPage>();
  };

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    owner = await createUser(ctx, { role: 'creator', firstName: 'Marguerite', lastName: 'Duras' });
    stranger = await createUser(ctx, { role: 'creator' });
    approved = await upload(owner, 'Cinematic ergonomic chair', 'Slow dolly shot at golden hour');
    pending = await upload(owner, 'Unreleased cut');
    await approveVideo(ctx.deps, [String(approved.id)]);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it('lists approved videos only, newest first, paginated', async () => {
    const third = await upload(owner, 'Third take');
    await approveVideo(ctx.deps, [String(third.id)]);
    const res = await get('/api/videos/videos/?is_approved=true&ordering=-created_at');
    expect(res.statusCode).toBe(200);
    const page = res.json<VideoPage>();
    expect(page.count).toBe(2);
    expect(page.results.map((v) => v.id)).toEqual([third.id, approved.id]);
    expect(page.results[0]).toMatchObject({ is_approved: true, creator: 'Marguerite Duras', brand: null });
    expect(page.results[0]!.creator_profile).toMatchObject({
      id: owner.id,
      first_name: 'Marguerite',
      last_name: 'Duras',
    });
    // Nobody can list unapproved videos by asking for them.
    const sneaky = await get('/api/videos/videos/?is_approved=false', stranger);
    expect(sneaky.json<VideoPage>().results.every((v) => v.is_approved)).toBe(true);

    const first = (await get('/api/videos/videos/?page_size=1')).json<VideoPage>();
    expect(first.results).toHaveLength(1);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const second = (await get(new URL(first.next!).pathname + new URL(first.next!).search)).json<VideoPage>();
    expect(second.results[0]!.id).toBe(approved.id);
    expect(second.next).toBeNull();
    // Odd paging values never fail.
    expect((await get('/api/videos/videos/?page=abc&page_size=100000')).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/videos/${third.id}/`,
      headers: owner.headers,
    });
  });

  it('gives a creator their own standalone videos (is_standalone=true), approved or not', async () => {
    const mine = (await get('/api/videos/videos/?is_standalone=true', owner)).json<VideoPage>();
    expect(mine.results.map((v) => v.id).sort()).toEqual([approved.id, pending.id].sort());
    const theirs = (await get('/api/videos/videos/?is_standalone=true', stranger)).json<VideoPage>();
    expect(theirs.count).toBe(0);
    expect((await get('/api/videos/videos/?is_standalone=true')).statusCode).toBe(401);
  });

  it('shows an unapproved video to its owner only; strangers get 404', async () => {
    expect((await get(`/api/videos/videos/${pending.id}/`, owner)).statusCode).toBe(200);
    expect((await get(`/api/videos/videos/${pending.id}/`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/videos/videos/${pending.id}/`)).statusCode).toBe(404);
    expect((await get(`/api/videos/videos/${approved.id}/`)).statusCode).toBe(200);
    expect((await get('/api/videos/videos/999999/')).statusCode).toBe(404);
  });

  it("refuses changes to someone else's video (403) and lets the owner edit", async () => {
    const put = (id: number, user: TestUser, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/videos/videos/${id}/`, headers: user.headers, payload });
    expect((await put(approved.id, stranger, { title: 'Mine now' })).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/videos/videos/${approved.id}/`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(403);
    expect((await put(pending.id, stranger, { title: 'x' })).statusCode).toBe(404);
    const blank = await put(approved.id, owner, { title: '  ' });
    expect(blank.statusCode).toBe(400);
    const ok = await put(approved.id, owner, {
      title: 'Cinematic ergonomic chair, final',
      description: 'Director cut',
    });
    expect(ok.statusCode).toBe(200);
    // An approved video's new text is reviewed again: the video returns to the review queue and
    // leaves the public lists until staff approve it (docs/spec-decisions.md, "Editing an approved video sends it back to review").
    expect(ok.json<Video>()).toMatchObject({
      title: 'Cinematic ergonomic chair, final',
      description: 'Director cut',
      is_approved: false,
      review_status: 'pending',
    });
    expect((await get(`/api/videos/videos/${approved.id}/`)).statusCode).toBe(404);
    expect((await search('director')).results.map((v) => v.id)).toEqual([]);
    const [audited] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'video.resubmit'), eq(auditLog.targetId, String(approved.id))));
    expect(audited).toMatchObject({ actorId: owner.id, targetType: 'video' });
    expect(audited!.before).toMatchObject({ title: 'Cinematic ergonomic chair', review_status: 'approved' });
    expect(audited!.after).toMatchObject({
      title: 'Cinematic ergonomic chair, final',
      review_status: 'pending',
    });
    await approveVideo(ctx.deps, [String(approved.id)]);
    expect((await search('director')).results.map((v) => v.id)).toEqual([approved.id]);
    // Sending the same text again changes nothing: no new review.
    const same = await put(approved.id, owner, { title: 'Cinematic ergonomic chair, final' });
    expect(same.json<Video>()).toMatchObject({ is_approved: true });

    // A caption track is public text too: adding one returns the video to the queue as well.
    const captions = multipartBody(
      { language: 'en' },
      {
        name: 'file',
        filename: 'c.vtt',
        type: 'text/vtt',
        bytes: Buffer.from('WEBVTT\n\n00:00.500 --> 00:01.500\nHi\n'),
      },
    );
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/videos/${approved.id}/captions/`,
      payload: captions.payload,
      headers: { ...captions.headers, ...owner.headers },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<Video>()).toMatchObject({ is_approved: false, review_status: 'pending' });
    expect((await get(`/api/videos/videos/${approved.id}/`)).statusCode).toBe(404);
    await approveVideo(ctx.deps, [String(approved.id)]);
    expect((await get(`/api/videos/videos/${approved.id}/`)).statusCode).toBe(200);
  });

  it('searches approved videos by title, description, creator and brand, with prefixes and websearch syntax', async () => {
    const ids = async (q: string) => (await search(q)).results.map((v) => v.id);
    expect(await ids('cinematic')).toEqual([approved.id]);
    expect(await ids('cinem')).toEqual([approved.id]);
    expect(await ids('ergonomic chair')).toEqual([approved.id]);
    expect(await ids('Duras')).toEqual([approved.id]);
    expect(await ids('"ergonomic chair"')).toEqual([approved.id]);
    expect(await ids('chair -ergonomic')).toEqual([]);
    expect(await ids('nothing or chair')).toEqual([approved.id]);
    // Unapproved videos are never found.
    expect(await ids('unreleased')).toEqual([]);
    // A video in a contest is found by its brand.
    await ctx.deps.database.db
      .update(videos)
      .set({ contestId: 1, contestBrandId: sql`(select brand_id from contests where id = 1)` })
      .where(eq(videos.id, approved.id));
    // A video is decided once; its search document is rebuilt as a rename would.
    await refreshCreatorVideoSearch(ctx.deps.database.db, owner.id);
    expect(await ids('hbada')).toEqual([approved.id]);
    const found = (await search('hbada')).results[0]!;
    expect(found).toMatchObject({ brand: 'Hbada', contest_id: 1, type: 'contest' });
  });

  it("keeps a contest video's brand equal to its contest's brand (videos.contest_brand_id, migration 0025)", async () => {
    const db = ctx.deps.database.db;
    // The video entered contest 1 above; the contest moves to another brand, and the video follows.
    const [other] = await db.insert(brands).values({ name: 'Other brand', slug: 'other-brand' }).returning();
    const [before] = await db.select({ brandId: contests.brandId }).from(contests).where(eq(contests.id, 1));
    await db.update(contests).set({ brandId: other!.id }).where(eq(contests.id, 1));
    expect((await get(`/api/videos/videos/${approved.id}/`)).json<Video>()).toMatchObject({
      brand: 'Other brand',
      brand_id: other!.id,
    });
    await db.update(contests).set({ brandId: before!.brandId }).where(eq(contests.id, 1));
    expect((await get(`/api/videos/videos/${approved.id}/`)).json<Video>()).toMatchObject({ brand: 'Hbada' });
    // A contest without its brand (or a brand that is not the contest's) is refused.
    await expect(
      db.update(videos).set({ contestBrandId: null }).where(eq(videos.id, approved.id)),
    ).rejects.toThrow();
    await expect(
      db.update(videos).set({ contestBrandId: other!.id }).where(eq(videos.id, approved.id)),
    ).rejects.toThrow();
  });

  it('answers 200 to any query string', async () => {
    const hostile = [
      '',
      '   ',
      "'",
      '"',
      '"unterminated',
      "'; DROP TABLE videos; --",
      '!!! & | <-> :* ( ) \\',
      'a & !b | (c <-> d):*',
      'x'.repeat(1000),
      'chair '.repeat(300),
      '🎬🔥 cinema 🎥',
      '%00%ff',
      '-',
      'or or or',
      '中文 العربية',
    ];
    for (const query of hostile) await search(query);
    const raw = await ctx.app.inject({ url: '/api/videos/search/?query=%ZZ&query=a&page=-1' });
    expect(raw.statusCode).toBeLessThan(500);
    const none = await ctx.app.inject({ url: '/api/videos/search/' });
    expect(none.statusCode).toBe(200);
  });

  it('deletes a video and its files (owner)', async () => {
    const doomed = await upload(owner, 'Doomed');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/videos/${doomed.id}/`,
      headers: owner.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/videos/videos/${doomed.id}/`, owner)).statusCode).toBe(404);
    expect((await get(doomed.video_url)).statusCode).toBe(404);
    expect(path.isAbsolute(ctx.dataDir)).toBe(true);
  });

  it('keeps a video entered in a contest: 409 with a sentence, for its owner and for staff alike', async () => {
    const entered = await upload(owner, 'Entered cut');
    const [contest] = await ctx.deps.database.db.select({ id: contests.id }).from(contests).limit(1);
    const [entry] = await ctx.deps.database.db
      .insert(contestEntries)
      .values({
        contestId: contest!.id,
        roundId: await lastRoundIdOf(ctx.deps.database.db, contest!.id),
        userId: owner.id,
        status: 'in_review',
      })
      .returning({ id: contestEntries.id });
    await ctx.deps.database.db
      .insert(entryVersions)
      .values({ entryId: entry!.id, version: 1, videoId: entered.id });
    const staff = await createUser(ctx, { role: 'staff' });
    for (const user of [owner, staff]) {
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/videos/videos/${entered.id}/`,
        headers: user.headers,
      });
      expect(del.statusCode, del.body).toBe(409);
      expect(del.json()).toEqual({ detail: VIDEO_DELETE_MESSAGES.entered, code: 'video_entered' });
    }
    expect((await get(`/api/videos/videos/${entered.id}/`, owner)).statusCode).toBe(200);
    expect((await get(entered.video_url, owner)).statusCode).toBe(200);
  });

  it("audits staff deleting a creator's video", async () => {
    const staff = await createUser(ctx, { role: 'staff' });
    const doomed = await upload(owner, 'Taken down');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/videos/${doomed.id}/`,
      headers: staff.headers,
    });
    expect(del.statusCode).toBe(204);
    const rows = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'video.delete'), eq(auditLog.targetId, String(doomed.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: staff.id, targetType: 'video' });
    expect(rows[0]!.before).toMatchObject({ title: 'Taken down', owner_id: owner.id });
  });
});
