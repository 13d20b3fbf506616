import { readFileSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_MEDIA, type Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeClips, multipartBody } from '../../../test/video-clips';
import { brandProfiles, brands, contestEntries, contests, entryVersions } from '../../db/schema/index';
import { signedMediaUrl } from '../../storage/media-signing';

const DAY = 24 * 3600 * 1000;

/**
 * Issue 18, L8: the media of a video nobody approved yet are private — a signed, expiring URL for
 * those who may see it (owner, staff, the brand whose contest it was entered in) and
 * `Cache-Control: private`; the original is never under /media. Issue 16: the brand of the
 * entered contest may download the original, other brands may not.
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
    const srt = Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHello\n');
    const captions = multipartBody(
      { language: 'en' },
      { name: 'file', filename: 'c.srt', type: 'application/octet-stream', bytes: srt },
    );
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/videos/${video.id}/captions/`,
      payload: captions.payload,
      headers: { ...captions.headers, ...owner.headers },
    });
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
      .values({ contestId: contest!.id, userId: owner.id })
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

  it('lets the brand of the entered contest download the original; no other brand', async () => {
    const seen = (await videoAs(brand)).json<Video>();
    expect(seen.download_url).toMatch(/\/download\/\?token=/);
    const download = await get(seen.download_url!, null);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Private-until-approved\.mp4"/,
    );
    expect((await get(`/api/videos/videos/${video.id}/download/`, otherBrand)).statusCode).toBe(404);
  });

  it('makes the renditions and poster public and long-cached once approved; the original stays private', async () => {
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/videos/${video.id}/approve/`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    const anonymous = (await videoAs(null)).json<Video>();
    for (const url of mediaUrls(anonymous)) {
      expect(url).toMatch(/^\/media\/videos\//);
      const res = await get(url, null);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(anonymous.download_url).toBeNull();
    expect((await get(`/media/${folder}original.mp4`, null)).statusCode).toBe(404);
    // The other brand sees the approved video but may still not download its original.
    const seenByOther = (await videoAs(otherBrand)).json<Video>();
    expect(seenByOther.download_url).toBeNull();
    expect((await get(`/api/videos/videos/${video.id}/download/`, otherBrand)).statusCode).toBe(403);
  });
});
