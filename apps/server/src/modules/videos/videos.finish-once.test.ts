import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeClips } from '../../../test/video-clips';
import { videos } from '../../db/schema/index';
import { createVideosService } from './videos.service';
import { videosPorts } from '../index';

/**
 * Issue 18, L3: finishing a resumable upload is idempotent. With S3 the final copy takes a while,
 * and a follow-up request meanwhile (a client's retry) runs the finish again: one video row per
 * upload id (unique `videos.upload_id`), the same video for every finish, one original stored.
 */
const BUCKET = 'finish-once';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-finish-'));
let server: S3rver | undefined;
let endpoint = '';
try {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
} catch {
  server = undefined;
}

const storages = [
  { name: 'local disk', env: {} as Record<string, string> },
  ...(server
    ? [
        {
          name: 'S3',
          env: {
            S3_BUCKET: BUCKET,
            S3_ENDPOINT: endpoint,
            S3_REGION: 'us-east-1',
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
          },
        },
      ]
    : []),
];

describe.each(storages)('finishing a resumable upload once ($name)', ({ env }) => {
  let ctx: TestContext;
  let creator: TestUser;
  let clips: ReturnType<typeof makeClips>;

  /** Keys of stored originals, on local disk or in the bucket. */
  const originals = () => {
    const dir = env.S3_BUCKET ? path.join(s3Dir, BUCKET) : path.join(ctx.dataDir, 'media');
    try {
      return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
        /original\.mp4(\._S3rver_object)?$/.test(f),
      );
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext(env);
    creator = await createUser(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it('makes one video when three finishes run at once, and gives a late retry the same video', async () => {
    const service = createVideosService(ctx.deps, videosPorts);
    const dir = path.join(ctx.dataDir, 'tus-uploads');
    mkdirSync(dir, { recursive: true });
    const uploadId = 'f'.repeat(32);
    const file = path.join(dir, uploadId);
    copyFileSync(clips.mp4, file);
    const user = { id: creator.id, role: 'creator' as const, brandId: null };
    const finish = () => service.createVideoFromFile(user, file, { title: 'Finished twice' }, { uploadId });
    const results = await Promise.allSettled([finish(), finish(), finish()]);
    const made = results.map((r) => (r.status === 'fulfilled' ? r.value.id : String(r.reason)));
    expect(new Set(made).size).toBe(1);
    expect(typeof made[0]).toBe('number');
    const rows = await ctx.deps.database.db
      .select({ id: videos.id, uploadId: videos.uploadId })
      .from(videos)
      .where(eq(videos.ownerId, creator.id));
    expect(rows).toEqual([{ id: made[0], uploadId }]);
    expect(originals()).toHaveLength(1);
    const again: Video = await finish();
    expect(again.id).toBe(made[0]);
    // Let its processing end before the database closes.
    let video = again;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      if (video.processing.stage === 'done' || video.processing.stage === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      video = (
        await ctx.app.inject({ url: `/api/videos/videos/${video.id}/`, headers: creator.headers })
      ).json<Video>();
    }
    expect(video.processing.stage).toBe('done');
  }, 180_000);
});

afterAll(async () => {
  await server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});
