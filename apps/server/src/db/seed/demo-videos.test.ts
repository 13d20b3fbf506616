import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoPage } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { seedIfEmpty } from './index';
import { seedDemoVideos } from './demo-videos';

describe('demo videos (npm run seed -- --demo)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('adds six approved, processed sample videos (and two waiting for review) once, newest first in the library and findable', async () => {
    expect(await seedDemoVideos(ctx.deps)).toBe(8);
    expect(await seedDemoVideos(ctx.deps)).toBe(0);
    const page = (await ctx.app.inject({ url: '/api/videos/videos/?is_approved=true' })).json<VideoPage>();
    expect(page.count).toBe(6);
    expect(page.results[0]).toMatchObject({
      title: 'Chair Reveal: X7 Smart',
      status: 'ready',
      is_approved: true,
    });
    expect(page.results.every((video) => video.thumbnail && video.thumbnail_url)).toBe(true);
    expect(page.results.filter((video) => video.type === 'contest')).toHaveLength(3);
    const found = (await ctx.app.inject({ url: '/api/videos/search/?query=lindqvist' })).json<VideoPage>();
    expect(found.count).toBe(6);
  }, 180_000);
});
