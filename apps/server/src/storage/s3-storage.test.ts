import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../test/helper';
import { createUser, type TestUser } from '../../test/factories';
import { makeClips, multipartBody } from '../../test/video-clips';

/**
 * The whole media path on S3-compatible storage (S3_BUCKET + S3_ENDPOINT, AWS SDK v3) against a
 * real S3 API server running here (s3rver, from npm): upload, processing (ffmpeg reads a local
 * copy of the object, poster and preview are written back), serving with range requests, delete.
 */
const BUCKET = 'contest-media';
let server: S3rver | undefined;
let endpoint = '';
let unavailable = '';
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
try {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
} catch (error) {
  unavailable = `the S3-compatible test server (s3rver) could not start: ${String(error)}`;
}

/** Keys of the objects in the bucket, as the S3 server stores them on its disk. */
function objectKeys(): string[] {
  const dir = path.join(s3Dir, BUCKET);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('._S3rver_object'))
    .map((entry) => entry.slice(0, -'._S3rver_object'.length))
    .sort();
}

describe.skipIf(unavailable !== '')(`media on S3-compatible storage ${unavailable}`, () => {
  let ctx: TestContext;
  let creator: TestUser;
  let clips: ReturnType<typeof makeClips>;

  /** The video once processing is over (every rendition made, or failed). */
  async function processed(video: Video): Promise<Video> {
    const over = (v: Video) => v.processing.stage === 'done' || v.processing.stage === 'failed';
    for (const deadline = Date.now() + 60_000; !over(video) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      video = (
        await ctx.app.inject({ url: `/api/videos/videos/${video.id}/`, headers: creator.headers })
      ).json<Video>();
    }
    return video;
  }

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver checks request signatures against this key pair.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    creator = await createUser(ctx, { role: 'creator' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
    rmSync(s3Dir, { recursive: true, force: true });
    if (clips) rmSync(clips.dir, { recursive: true, force: true });
  });

  /** A media URL's storage key, without a signed prefix. */
  const keyOf = (url: string) => url.replace(/^\/media\/(s\/\d+\/[A-Za-z0-9_-]{43}\/)?/, '');

  /** The original, through the API's download for its owner. */
  const download = (id: number, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      url: `/api/videos/videos/${id}/download/`,
      headers: { ...creator.headers, ...headers },
    });

  /** The creator's multipart upload of an MP4. */
  const upload = (title: string, filename: string, bytes: Buffer) => {
    const body = multipartBody({ title }, { filename, type: 'video/mp4', bytes });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...creator.headers },
    });
  };

  it('uploads a clip into the bucket, processes it, serves ranges and deletes every object', async () => {
    expect(ctx.deps.storage.kind).toBe('s3');
    const bytes = readFileSync(clips.mp4);
    const res = await upload('Bucket take', 'clip.mp4', bytes);
    expect(res.statusCode).toBe(201);
    const created = res.json<Video>();
    expect(objectKeys()).toHaveLength(1);
    const originalKey = objectKeys()[0]!;
    expect(originalKey).toMatch(/^videos\/[a-z0-9-]+\/original\.mp4$/);

    const video = await processed(created);
    expect(video).toMatchObject({ status: 'ready', width: 320, height: 240, video_codec: 'h264' });
    const posterKey = keyOf(video.thumbnail_url!);
    const previewKey = keyOf(video.thumbnail!);
    const folder = originalKey.slice(0, originalKey.lastIndexOf('/') + 1);
    // The source is 320×240: one rendition at its own size, its HLS files and the MP4 fallback.
    const playbackKeys = [
      'hls/master.m3u8',
      'hls/src/init.mp4',
      'hls/src/playlist.m3u8',
      'hls/src/seg00000.m4s',
      'mp4-src.mp4',
    ].map((name) => folder + name);
    expect(objectKeys()).toEqual([originalKey, posterKey, previewKey, ...playbackKeys].sort());
    // Not approved: signed, expiring URLs (issue 18, L8), the app proxying the bucket's objects.
    expect(keyOf(video.playback!.hls_url)).toBe(`${folder}hls/master.m3u8`);
    expect(keyOf(video.playback!.mp4_url)).toBe(`${folder}mp4-src.mp4`);
    expect(video.playback!.hls_url).toMatch(/^\/media\/s\/\d+\/[A-Za-z0-9_-]{43}\//);
    const signedPrefix = video.playback!.hls_url.slice(0, -`${folder}hls/master.m3u8`.length);
    for (const key of [posterKey, previewKey, ...playbackKeys]) {
      expect((await ctx.app.inject({ url: `/media/${key}` })).statusCode, key).toBe(404);
      const signed = await ctx.app.inject({ url: signedPrefix + key });
      expect(signed.statusCode, key).toBe(200);
      expect(signed.headers['cache-control']).toMatch(/^private/);
    }
    expect((await ctx.app.inject({ url: signedPrefix + originalKey })).statusCode).toBe(404);
    const master = await ctx.app.inject({ url: video.playback!.hls_url });
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('RESOLUTION=320x240');
    const segment = await ctx.app.inject({
      url: `${signedPrefix}${folder}hls/src/seg00000.m4s`,
      headers: { range: 'bytes=0-99' },
    });
    expect(segment.statusCode).toBe(206);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    const captionBody = multipartBody(
      { language: 'en' },
      {
        name: 'file',
        filename: 'c.srt',
        type: 'text/plain',
        bytes: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHi\n'),
      },
    );
    const captioned = await ctx.app.inject({
      method: 'POST',
      url: `/api/videos/videos/${video.id}/captions/`,
      payload: captionBody.payload,
      headers: { ...captionBody.headers, ...creator.headers },
    });
    expect(captioned.statusCode).toBe(200);
    const captionUrl = captioned.json<Video>().playback!.captions[0]!.url;
    const caption = await ctx.app.inject({ url: captionUrl });
    expect(caption.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(caption.body).toContain('00:00:00.000 --> 00:00:01.000');
    expect(objectKeys()).toContain(keyOf(captionUrl));
    // Nothing was written to the local media folder.
    expect(readdirSync(ctx.dataDir)).not.toContain('media');

    // The original only through the API's download (never under /media).
    expect((await ctx.app.inject({ url: `/media/${originalKey}` })).statusCode).toBe(404);
    const whole = await download(video.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const range = await download(video.id, { range: 'bytes=100-299' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-299/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(100, 300))).toBe(true);

    const poster = await ctx.app.inject({ url: video.thumbnail_url! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const preview = await ctx.app.inject({ url: video.thumbnail!, headers: { range: 'bytes=0-' } });
    expect(preview.statusCode).toBe(206);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/videos/${video.id}/`,
      headers: creator.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(objectKeys()).toEqual([]);
    expect((await download(video.id)).statusCode).toBe(404);
  });

  it('moves a finished resumable (tus) upload into the bucket and keeps nothing of it on local disk', async () => {
    const bytes = readFileSync(clips.mp4);
    const tus = { 'tus-resumable': '1.0.0', ...creator.headers };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/uploads/',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `title ${Buffer.from('Resumed to S3').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const done = await ctx.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: bytes,
    });
    expect(done.statusCode).toBe(200);
    const video = done.json<Video>();
    expect(objectKeys()).toHaveLength(1);
    expect((await download(video.id)).rawPayload.equals(bytes)).toBe(true);
    expect(readdirSync(path.join(ctx.dataDir, 'tus-uploads'))).toEqual([]);
    await processed(video);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/videos/videos/${video.id}/`,
          headers: creator.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(objectKeys()).toEqual([]);
  });

  it('stores a large file through a multipart S3 upload (8 MiB parts) and serves its last bytes', async () => {
    // A valid MP4 of ~20 MB: the clip followed by one 'free' box of zeros (three 8 MiB parts).
    const head = readFileSync(clips.mp4);
    const free = Buffer.alloc(20 * 1024 * 1024);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4, 'latin1');
    const bytes = Buffer.concat([head, free]);
    const res = await upload('Long take', 'long.mp4', bytes);
    expect(res.statusCode).toBe(201);
    const video = res.json<Video>();
    const key = objectKeys().find((k) => k.endsWith('/original.mp4'))!;
    expect(await ctx.deps.storage.stat(key)).toEqual({ size: bytes.length });
    const tail = await download(video.id, { range: 'bytes=-16' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 16))).toBe(true);
    expect(await processed(video)).toMatchObject({ status: 'ready' });
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/videos/videos/${video.id}/`,
          headers: creator.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect(await ctx.deps.storage.stat(key)).toBeNull();
    expect(objectKeys()).toEqual([]);
  });
});
