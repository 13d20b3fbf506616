import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeClips, multipartBody } from '../../../test/video-clips';

/**
 * Issue 18, M5: the processing queue is fair — one creator's backlog never starves another
 * creator's upload. Each process takes one processing job at a time, so the order in which
 * videos finish is the order in which the queue handed them out.
 */
describe('fair processing queue', () => {
  let ctx: TestContext;
  let clips: ReturnType<typeof makeClips>;
  let busy: TestUser;
  let newcomer: TestUser;

  const upload = async (user: TestUser, title: string) => {
    const body = multipartBody(
      { title },
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
  };

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext();
    busy = await createUser(ctx);
    newcomer = await createUser(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it("processes another creator's one upload before one creator's backlog ends", async () => {
    const backlog: Video[] = [];
    for (let i = 0; i < 6; i++) backlog.push(await upload(busy, `Backlog ${i}`));
    const single = await upload(newcomer, 'Just one');
    const all = [...backlog, single];

    const finished: number[] = [];
    const deadline = Date.now() + 300_000;
    while (finished.length < all.length && Date.now() < deadline) {
      for (const video of all) {
        if (finished.includes(video.id)) continue;
        const res = await ctx.app.inject({
          url: `/api/videos/videos/${video.id}/`,
          headers: (video.creator_id === busy.id ? busy : newcomer).headers,
        });
        const stage = res.json<Video>().processing.stage;
        if (stage === 'done' || stage === 'failed') finished.push(video.id);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(finished).toHaveLength(all.length);
    const place = finished.indexOf(single.id);
    console.log(
      `fair queue: finishing order ${finished.map((id) => (id === single.id ? 'B' : 'A')).join('')}`,
    );
    // FIFO would finish it last (7th); the fair queue hands it out right after the job that was
    // running when it arrived (and at most one more that a poll could have taken meanwhile).
    expect(place).toBeLessThanOrEqual(2);
  }, 360_000);
});
