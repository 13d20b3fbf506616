import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, type Delivery, type Entry, type Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { videos } from '../../db/schema/index';
import { makeEntry, makeJudgingContest, type JudgingContest } from '../judging/test-support';

/**
 * Security review, finding 6: one rule for a video's original file, on every route that serves it. Its
 * creator and staff download it at any time; the contest's brand reviews entries by watching the
 * renditions and receives an original only as a delivery does: the master (the judged, newest
 * version) of an entry that placed, once the contest's results are published.
 */
describe('the original of a contest entry reaches the brand only as a delivered master', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let winner: TestUser;
  let loser: TestUser;
  let brandUser: TestUser;
  let otherBrand: TestUser;
  let contest: JudgingContest;
  let winnerEntry: { entryId: number; videoIds: number[] };
  let loserEntry: { entryId: number; videoIds: number[] };
  /** The stored bytes of each video's original, by video id. */
  const originals = new Map<number, Buffer>();

  const get = (url: string, user?: TestUser) =>
    ctx.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  const download = (videoId: number, user?: TestUser) => get(`/api/videos/videos/${videoId}/download/`, user);
  const videoAs = async (videoId: number, user: TestUser) => {
    const res = await get(`/api/videos/videos/${videoId}/`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Video>();
  };
  const master = () => winnerEntry.videoIds[1]!;
  const earlierVersion = () => winnerEntry.videoIds[0]!;
  const notPlaced = () => loserEntry.videoIds[0]!;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    contest = await makeJudgingContest(db, { title: 'Desk Film Contest' });
    staff = await createUser(ctx, { role: 'staff' });
    winner = await createUser(ctx, { role: 'creator' });
    loser = await createUser(ctx, { role: 'creator' });
    brandUser = await createUser(ctx, { role: 'brand', brandId: contest.brandId });
    otherBrand = await createUser(ctx, { role: 'brand', brandId: (await makeJudgingContest(db)).brandId });
    winnerEntry = await makeEntry(db, contest, winner, { versions: 2, title: 'Desk' });
    loserEntry = await makeEntry(db, contest, loser, { title: 'Shelf' });
    // The factories write video rows without files: store each original's bytes.
    const rows = await db
      .select({ id: videos.id, key: videos.originalKey })
      .from(videos)
      .where(inArray(videos.id, [...winnerEntry.videoIds, ...loserEntry.videoIds]));
    for (const row of rows) {
      const bytes = randomBytes(4_000);
      await ctx.deps.storage.put(row.key, bytes);
      originals.set(row.id, bytes);
    }
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('before results the brand watches the renditions: every original is refused and no page links to one', async () => {
    for (const videoId of [master(), earlierVersion(), notPlaced()]) {
      const refused = await download(videoId, brandUser);
      // The brand sees the video (an entry of its contest), so the refusal is a 403, not a 404.
      expect(refused.statusCode, `video ${videoId}`).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'forbidden',
        detail: DELIVERY_MESSAGES.originalNotDelivered,
      });
      const seen = await videoAs(videoId, brandUser);
      expect(seen.download_url).toBeNull();
      expect(seen.playback?.mp4_url).toBeTruthy();
    }
    const entry = (await get(`/api/entries/${winnerEntry.entryId}/`, brandUser)).json<Entry>();
    expect(entry.versions.map((v) => v.video!.download_url)).toEqual([null, null]);
    const delivered = await get(`/api/entries/${winnerEntry.entryId}/delivery/master/`, brandUser);
    expect(delivered.statusCode).toBe(404);
    expect(delivered.json()).toMatchObject({ detail: DELIVERY_MESSAGES.notDelivered });
  });

  it('the creator and staff download an original at any time, through the API or the video’s link', async () => {
    for (const [user, videoId] of [
      [winner, master()],
      [winner, earlierVersion()],
      [loser, notPlaced()],
      [staff, master()],
      [staff, notPlaced()],
    ] as const) {
      const res = await download(videoId, user);
      expect(res.statusCode, `video ${videoId}`).toBe(200);
      expect(res.rawPayload.equals(originals.get(videoId)!)).toBe(true);
      const link = (await videoAs(videoId, user)).download_url;
      expect(link).toMatch(/\/download\/\?token=/);
      expect((await get(link!)).statusCode).toBe(200);
    }
  });

  it('after results the brand downloads the placed entry’s master, by the video’s link and by the delivery', async () => {
    const published = await ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${contest.id}/results/`,
      headers: staff.headers,
      payload: { places: [{ entry_id: winnerEntry.entryId, place: 1, prize_cents: 50_000 }] },
    });
    expect(published.statusCode, published.body).toBe(201);

    const direct = await download(master(), brandUser);
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.rawPayload.equals(originals.get(master())!)).toBe(true);
    const link = (await videoAs(master(), brandUser)).download_url;
    expect(link).toMatch(/\/download\/\?token=/);
    expect((await get(link!)).rawPayload.equals(originals.get(master())!)).toBe(true);

    const delivery = (await get(`/api/entries/${winnerEntry.entryId}/delivery/`, brandUser)).json<Delivery>();
    const delivered = await get(delivery.master.url);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.rawPayload.equals(originals.get(master())!)).toBe(true);
  });

  it('after results an entry that placed nowhere, and an earlier version of the placed one, stay refused', async () => {
    for (const videoId of [earlierVersion(), notPlaced()]) {
      expect((await download(videoId, brandUser)).statusCode, `video ${videoId}`).toBe(403);
      expect((await videoAs(videoId, brandUser)).download_url).toBeNull();
    }
    // Another brand, which sees the approved videos, never gets an original.
    for (const videoId of [master(), notPlaced()]) {
      expect((await download(videoId, otherBrand)).statusCode, `video ${videoId}`).toBe(403);
      expect((await videoAs(videoId, otherBrand)).download_url).toBeNull();
    }
    expect((await download(master())).statusCode).toBe(401);
  });
});
