import { readFileSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_MEDIA, type Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, lastRoundIdOf, type TestUser } from '../../../test/factories';
import { makeClips, multipartBody } from '../../../test/video-clips';
import { brandProfiles, brands, contestEntries, contests, entryVersions } from '../../db/schema/index';
import { signedMediaUrl } from '../../storage/media-signing';

const DAY = 24 * 3600 * 1000;
/** What an approved video's files are cached with: kept, but checked with the server before each use. */
const PUBLIC_VIDEO_CACHE = 'public, no-cache';

/**
 * Issue 18, L8: the media of a video nobody approved yet are private — a signed, expiring URL for
 * those who may see it (owner, staff, the brand whose contest it was entered in) and
 * `Cache-Control: private`; the original is never under /media. The brand of the entered contest
 * watches the renditions; it gets the original only as a winning entry's delivered master
 * (delivery/delivery.originals.test.ts), other brands never.
 */
describe('private media of unapproved videos', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let brand: TestUser;
  let otherBrand: TestUser;
  let clips: ReturnType<typeof makeClips>;
  let video: Video;
  let folder: string;

  const get = (url: string, user?: TestUser | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...(user?.headers ?? {}), ...headers } });
  const videoAs = (user: TestUser | null) => get(`/api/videos/videos/${video.id}/`, user);
  /** The URL without its signed prefix: what someone who only knows the path would ask for. */
  const unsigned = (url: string) => url.replace(/^\/media\/s\/\d+\/[A-Za-z0-9_-]{43}\//, '/media/');
  /** Every media URL of a video's JSON. */
  const mediaUrls = (v: Video) =>
    [
      v.playback!.hls_url,
      v.playback!.mp4_url,
      v.playback!.poster_url!,
      v.thumbnail!,
      v.thumbnail_url!,
      v.video_url,
      ...v.playback!.captions.map((c) => c.url),
    ].filter(Boolean);
  const approve = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/videos/${video.id}/approve/`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
  };
  /** The owner's new caption track in `language`, through `app`. */
  const addCaptions = async (app: FastifyInstance, language: string, text: string) => {
    const srt = Buffer.from(`1\n00:00:00,000 --> 00:00:01,000\n${text}\n`);
    const body = multipartBody(
      { language },
      { name: 'file', filename: 'c.srt', type: 'application/octet-stream', bytes: srt },
    );
    return app.inject({
      method: 'POST',
      url: `/api/videos/videos/${video.id}/captions/`,
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
  };

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext();
    owner = await createUser(ctx, { role: 'creator' });
    other = await createUser(ctx, { role: 'creator' });
    staff = await createUser(ctx, { role: 'staff' });
    brand = await createUser(ctx, { role: 'brand' });
    otherBrand = await createUser(ctx, { role: 'brand' });

    const body = multipartBody(
      { title: 'Private until approved' },
      { filename: 'clip.mp4', type: 'video/mp4', bytes: readFileSync(clips.mp4) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(201);
    video = res.json<Video>();
    const deadline = Date.now() + 120_000;
    while (
      video.processing.stage !== 'done' &&
      video.processing.stage !== 'failed' &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      video = (await videoAs(owner)).json<Video>();
    }
    expect(video.processing.stage).toBe('done');
    const added = await addCaptions(ctx.app, 'en', 'Hello');
    expect(added.statusCode).toBe(200);
    video = added.json<Video>();
    folder = /videos\/[a-z0-9-]+\//.exec(video.playback!.hls_url)![0];

    // The video is entered in a contest of `brand`'s brand (contest_entries / entry_versions).
    const db = ctx.deps.database.db;
    const [b] = await db
      .insert(brands)
      .values({ name: 'Entry Brand', slug: `entry-brand-${Date.now()}` })
      .returning({ id: brands.id });
    const [b2] = await db
      .insert(brands)
      .values({ name: 'Other Brand', slug: `other-brand-${Date.now()}` })
      .returning({ id: brands.id });
    await db.update(brandProfiles).set({ brandId: b!.id }).where(eq(brandProfiles.userId, brand.id));
    await db.update(brandProfiles).set({ brandId: b2!.id }).where(eq(brandProfiles.userId, otherBrand.id));
    const now = Date.now();
    const [contest] = await db
      .insert(contests)
      .values({
        slug: `entry-contest-${now}`,
        title: 'Entry contest',
        brandId: b!.id,
        prizeCents: 100_00,
        eligibility: { country: 'US', minimumAge: 18, experience: 'yes' },
        startsAt: new Date(now - 30 * DAY),
        applicationDeadline: new Date(now - 10 * DAY),
        submissionDeadline: new Date(now + DAY),
        judgingStartsAt: new Date(now + 2 * DAY),
        judgingEndsAt: new Date(now + 7 * DAY),
        winnersAt: new Date(now + 8 * DAY),
      })
      .returning({ id: contests.id });
    const [entry] = await db
      .insert(contestEntries)
      .values({ contestId: contest!.id, roundId: await lastRoundIdOf(db, contest!.id), userId: owner.id })
      .returning({ id: contestEntries.id });
    await db.insert(entryVersions).values({ entryId: entry!.id, version: 1, videoId: video.id });
  }, 240_000);
  afterAll(async () => {
    await ctx?.close();
    if (clips) rmSync(clips.dir, { recursive: true, force: true });
  });

  it('gives the owner, staff and the entered contest brand signed URLs that work, with private caching', async () => {
    for (const user of [owner, staff, brand]) {
      const res = await videoAs(user);
      expect(res.statusCode).toBe(200);
      const seen = res.json<Video>();
      const urls = mediaUrls(seen);
      expect(urls.length).toBeGreaterThanOrEqual(6);
      for (const url of urls) {
        expect(url).toMatch(/^\/media\/s\/\d+\/[A-Za-z0-9_-]{43}\/videos\//);
        const media = await get(url, null);
        expect(media.statusCode, url).toBe(200);
        expect(media.headers['cache-control'], url).toMatch(/^private, max-age=\d+$/);
      }
    }
    // An HLS player resolves the playlists' relative references against the signed prefix.
    const master = await get(video.playback!.hls_url, null);
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const base = video.playback!.hls_url.slice(0, video.playback!.hls_url.lastIndexOf('/') + 1);
    const playlist = await get(base + variant, null);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const variantBase = (base + variant).slice(0, (base + variant).lastIndexOf('/') + 1);
    const seg = await get(variantBase + segment, null);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['cache-control']).toMatch(/^private/);
  });

  it('refuses every file of the unapproved video to anyone without a signature', async () => {
    for (const url of mediaUrls(video)) {
      for (const user of [null, other, owner, staff]) {
        const res = await get(unsigned(url), user);
        expect(res.statusCode, unsigned(url)).toBe(404);
      }
    }
  });

  it('never serves the original under /media, signed or not', async () => {
    const key = `${folder}original.mp4`;
    expect((await get(`/media/${key}`, owner)).statusCode).toBe(404);
    expect((await get(signedMediaUrl(ctx.config.JWT_SECRET, key), owner)).statusCode).toBe(404);
  });

  it('refuses expired, tampered and borrowed signatures', async () => {
    const key = video.playback!.hls_url.replace(/^\/media\/s\/\d+\/[^/]+\//, '');
    const expired = signedMediaUrl(ctx.config.JWT_SECRET, key, Date.now() - 6 * 3600 * 1000);
    expect((await get(expired, null)).statusCode).toBe(404);
    const valid = video.playback!.hls_url;
    const tampered = valid.replace(/\/s\/(\d+)\//, (_m, exp: string) => `/s/${Number(exp) + 3600}/`);
    expect((await get(tampered, null)).statusCode).toBe(404);
    // A signature made for another video's folder does not open this one.
    const borrowed = signedMediaUrl(
      ctx.config.JWT_SECRET,
      'videos/00000000-0000-0000-0000-000000000000/hls/master.m3u8',
    );
    const prefix = /^\/media\/s\/\d+\/[A-Za-z0-9_-]{43}\//.exec(borrowed)![0];
    expect((await get(prefix + key, null)).statusCode).toBe(404);
    const forged = signedMediaUrl('another-secret-that-is-long-enough-for-hmac', key);
    expect((await get(forged, null)).statusCode).toBe(404);
  });

  it('signs media URLs for minutes, not hours: the page renews them; one made 20 minutes ago is refused', async () => {
    const fresh = (await videoAs(owner)).json<Video>().playback!.hls_url;
    const expires = Number(/^\/media\/s\/(\d+)\//.exec(fresh)![1]) * 1000;
    expect(expires - Date.now()).toBeGreaterThanOrEqual(SIGNED_MEDIA.minSeconds * 1000 - 5000);
    expect(expires - Date.now()).toBeLessThanOrEqual(20 * 60 * 1000);
    expect(SIGNED_MEDIA.renewEveryMs).toBeLessThan(SIGNED_MEDIA.minSeconds * 1000);
    const key = fresh.replace(/^\/media\/s\/\d+\/[^/]+\//, '');
    expect(
      (await get(signedMediaUrl(ctx.config.JWT_SECRET, key, Date.now() - 5 * 60 * 1000), null)).statusCode,
    ).toBe(200);
    const old = signedMediaUrl(ctx.config.JWT_SECRET, key, Date.now() - 20 * 60 * 1000);
    expect((await get(old, null)).statusCode).toBe(404);
  });

  it('shows the unapproved video to nobody else (other creator, other brand, anonymous: 404)', async () => {
    for (const user of [null, other, otherBrand]) expect((await videoAs(user)).statusCode).toBe(404);
  });

  it('lets the brand of the entered contest watch it, not download the original (no results yet); no other brand', async () => {
    const seen = (await videoAs(brand)).json<Video>();
    expect(seen.playback?.hls_url).toMatch(/^\/media\/s\//);
    expect(seen.download_url).toBeNull();
    expect((await get(`/api/videos/videos/${video.id}/download/`, brand)).statusCode).toBe(403);
    expect((await get(`/api/videos/videos/${video.id}/download/`, otherBrand)).statusCode).toBe(404);
  });

  it('makes the renditions and poster public once approved, cached only as long as they stay public; the original stays private', async () => {
    await approve();
    const anonymous = (await videoAs(null)).json<Video>();
    for (const url of mediaUrls(anonymous)) {
      expect(url).toMatch(/^\/media\/videos\//);
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(200);
      // Public only while approved: caches keep the file but ask again before each use.
      expect(res.headers['cache-control'], url).toBe(PUBLIC_VIDEO_CACHE);
      expect(res.headers.etag, url).toMatch(/^"[^"]+"$/);
    }
    expect(anonymous.download_url).toBeNull();
    expect((await get(`/media/${folder}original.mp4`, null)).statusCode).toBe(404);
    // The other brand sees the approved video but may still not download its original.
    const seenByOther = (await videoAs(otherBrand)).json<Video>();
    expect(seenByOther.download_url).toBeNull();
    expect((await get(`/api/videos/videos/${video.id}/download/`, otherBrand)).statusCode).toBe(403);
  });

  it('answers a revalidation with 304 while the video is public, and ranges keep working', async () => {
    const url = (await videoAs(null)).json<Video>().video_url;
    const first = await get(url, null);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const again = await get(url, null, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(PUBLIC_VIDEO_CACHE);
    expect((await get(url, null, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const part = await get(url, null, { range: 'bytes=0-99', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(first.rawPayload.subarray(0, 100))).toBe(true);
    // A cached part of other bytes: the whole file, not a piece to splice into them.
    const whole = await get(url, null, { range: 'bytes=0-99', 'if-range': '"other"' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(first.rawPayload.length);
  });

  it('refuses the files at once when the owner edits the title of the approved video, revalidation included', async () => {
    const urls = mediaUrls((await videoAs(null)).json<Video>());
    const etags = new Map<string, string>();
    for (const url of urls) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(200);
      etags.set(url, res.headers.etag as string);
    }
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/videos/videos/${video.id}/`,
      payload: { title: 'Private until approved, again' },
      headers: owner.headers,
    });
    expect(edited.statusCode).toBe(200);
    for (const url of urls) {
      expect((await get(url, null)).statusCode, url).toBe(404);
      expect((await get(url, null, { 'if-none-match': etags.get(url)! })).statusCode, url).toBe(404);
    }
    // The owner still plays it, through signed URLs.
    for (const url of mediaUrls(edited.json<Video>())) {
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/^private, max-age=\d+$/);
    }
    await approve();
    for (const url of urls) expect((await get(url, null)).statusCode, url).toBe(200);
  });

  it('refuses the files on every app instance when the owner adds a caption track through another', async () => {
    const appB = await ctx.anotherApp();
    const urls = mediaUrls((await videoAs(null)).json<Video>());
    // App B has served them publicly (whatever it remembers of that, it must not trust it now).
    for (const url of urls) {
      for (let i = 0; i < 2; i++) expect((await appB.inject({ url })).statusCode, url).toBe(200);
    }
    expect((await addCaptions(ctx.app, 'fr', 'Bonjour')).statusCode).toBe(200);
    for (const url of urls) {
      expect((await appB.inject({ url })).statusCode, url).toBe(404);
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    // Approved again through app B, app A serves them again at once; a change through B hides them on A.
    const approved = await appB.inject({
      method: 'POST',
      url: `/api/staff/videos/${video.id}/approve/`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    for (const url of urls) expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    expect((await addCaptions(appB, 'de', 'Hallo')).statusCode).toBe(200);
    for (const url of urls) expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
  });
});
