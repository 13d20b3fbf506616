import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, type Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeClips, multipartBody } from '../../../test/video-clips';
import { videos } from '../../db/schema/index';

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((entry) =>
      statSync(path.join(dir, entry)).isFile(),
    );
  } catch {
    return [];
  }
}

describe('video upload and processing', () => {
  let ctx: TestContext;
  let creator: TestUser;
  let clips: ReturnType<typeof makeClips>;
  let baseUrl: string;
  const mediaDir = () => path.join(ctx.dataDir, 'media');
  const rowCount = async () => (await ctx.deps.database.db.select({ id: videos.id }).from(videos)).length;

  const upload = (
    user: TestUser | null,
    fields: Record<string, string>,
    file?: Parameters<typeof multipartBody>[1],
  ) => {
    const body = multipartBody(fields, file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...(user?.headers ?? {}) },
    });
  };
  const clip = (file: string, type: string) => ({
    filename: path.basename(file),
    type,
    bytes: readFileSync(file),
  });

  async function waitForStatus(id: number, user: TestUser): Promise<Video> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await ctx.app.inject({ url: `/api/videos/videos/${id}/`, headers: user.headers });
      const video = res.json<Video>();
      if (video.status !== 'processing' || Date.now() > deadline) return video;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext();
    creator = await createUser(ctx, { role: 'creator', firstName: 'Ada', lastName: 'Lovelace' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it('accepts an MP4, answers 201 with the video, and processing makes a poster and a preview', async () => {
    const res = await upload(
      creator,
      { title: '  Golden hour  ', description: 'A chair at dusk' },
      clip(clips.mp4, 'video/mp4'),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<Video>();
    expect(created).toMatchObject({
      title: 'Golden hour',
      description: 'A chair at dusk',
      is_approved: false,
      status: 'processing',
      creator: 'Ada Lovelace',
      creator_id: creator.id,
      contest_id: null,
      type: 'standalone',
      views: 0,
      likes: 0,
      content_type: 'video/mp4',
    });
    expect(created.createdAt).toBe(created.created_at);
    // Before processing made the MP4 fallback, the owner's video_url is the original's download
    // link (never a public /media URL: issue 18, L8).
    expect(created.video_url).toBe(created.download_url);
    expect(created.video_url).toMatch(/^\/api\/videos\/videos\/\d+\/download\/\?token=/);
    expect(created.video_url).not.toContain('clip');

    const video = await waitForStatus(created.id, creator);
    expect(video.status).toBe('ready');
    expect(video.failure_reason).toBeNull();
    expect(video.duration).toBeCloseTo(2, 0);
    expect(video).toMatchObject({
      width: 320,
      height: 240,
      video_codec: 'h264',
      audio_codec: 'aac',
      frame_rate: 25,
    });

    const poster = await ctx.app.inject({ url: video.thumbnail_url! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);

    const preview = await ctx.app.inject({ url: video.thumbnail! });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('video/mp4');
    const previewFile = path.join(clips.dir, 'preview-out.mp4');
    writeFileSync(previewFile, preview.rawPayload);
    const probe = JSON.parse(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', previewFile],
        {
          encoding: 'utf8',
        },
      ),
    ) as { streams: Array<{ codec_type: string; codec_name: string }>; format: { duration: string } };
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:h264']);
    expect(Number(probe.format.duration)).toBeLessThanOrEqual(4.1);
    // faststart: the moov box comes before the media data.
    const bytes = preview.rawPayload.toString('latin1');
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const original = await ctx.app.inject({ url: video.download_url!, headers: { range: 'bytes=0-99' } });
    expect(original.statusCode).toBe(206);
    expect(original.headers['content-range']).toBe(`bytes 0-99/${statSync(clips.mp4).size}`);
  });

  it('accepts WebM and an iPhone-style HEVC .mov, and previews them as H.264', async () => {
    for (const [file, type, expected] of [
      [clips.webm, 'video/webm', { content_type: 'video/webm', video_codec: 'vp8', width: 320, height: 180 }],
      [
        clips.mov,
        'video/quicktime',
        { content_type: 'video/quicktime', video_codec: 'hevc', width: 180, height: 320 },
      ],
    ] as const) {
      const res = await upload(creator, { title: path.basename(file) }, clip(file, type));
      expect(res.statusCode, file).toBe(201);
      const video = await waitForStatus(res.json<Video>().id, creator);
      expect(video).toMatchObject({ status: 'ready', ...expected });
      const preview = await ctx.app.inject({ url: video.thumbnail! });
      expect(preview.statusCode).toBe(200);
    }
  });

  it('decides the type from the bytes: text named .mp4 with type video/mp4 is refused, nothing kept', async () => {
    const before = await rowCount();
    const filesBefore = filesUnder(mediaDir()).length;
    const res = await upload(
      creator,
      { title: 'Not a video' },
      {
        filename: 'movie.mp4',
        type: 'video/mp4',
        bytes: Buffer.from('just some text, pretending\n'.repeat(500)),
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: MESSAGES.upload.invalidType });
    // Right magic bytes, damaged inside: ffprobe refuses it.
    const fake = Buffer.concat([readFileSync(clips.mp4).subarray(0, 32), Buffer.alloc(5000, 7)]);
    const damaged = await upload(
      creator,
      { title: 'Damaged' },
      { filename: 'x.mp4', type: 'video/mp4', bytes: fake },
    );
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toMatchObject({ detail: MESSAGES.upload.invalidType });
    // Sound only: no video stream.
    const audio = await upload(creator, { title: 'Tone' }, clip(clips.audioOnly, 'video/mp4'));
    expect(audio.statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
    expect(filesUnder(mediaDir()).length).toBe(filesBefore);
  });

  it('needs a file and a title', async () => {
    const filesBefore = filesUnder(mediaDir()).length;
    const noFile = await upload(creator, { title: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ detail: MESSAGES.upload.noFile });
    const noTitle = await upload(creator, { title: '   ' }, clip(clips.mp4, 'video/mp4'));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({
      detail: MESSAGES.upload.noTitle,
      title: [MESSAGES.upload.noTitle],
    });
    expect(filesUnder(mediaDir()).length).toBe(filesBefore);
  });

  it('is for signed-in creators only', async () => {
    expect((await upload(null, { title: 'x' }, clip(clips.mp4, 'video/mp4'))).statusCode).toBe(401);
    const brand = await createUser(ctx, { role: 'brand' });
    expect((await upload(brand, { title: 'x' }, clip(clips.mp4, 'video/mp4'))).statusCode).toBe(403);
  });

  it('stops a file over 500 MB while it streams (413) and keeps nothing', async () => {
    const before = await rowCount();
    const head = readFileSync(clips.mp4).subarray(0, 64 * 1024);
    const boundary = '----limit';
    const total = LIMITS.maxVideoBytes + 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024);
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHuge\r\n`);
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      yield head;
      for (let sent = head.length; sent < total; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const rssBefore = process.memoryUsage().rss;
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${baseUrl}/api/videos/upload/`,
        {
          method: 'POST',
          headers: { ...creator.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (response) => {
          let data = '';
          response.setEncoding('utf8').on('data', (c: string) => (data += c));
          response.on('end', () => resolve({ status: response.statusCode!, text: data }));
        },
      );
      request.on('error', reject);
      Readable.from(body()).pipe(request);
    });
    expect(status).toBe(413);
    expect(JSON.parse(text)).toMatchObject({ detail: MESSAGES.upload.tooLarge });
    // The file was streamed, never held in memory.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowCount()).toBe(before);
    expect(filesUnder(mediaDir()).filter((f) => f.includes('original')).length).toBe(before);
  }, 120_000);

  it('leaves no row and no file when the client disconnects mid-upload', async () => {
    const before = await rowCount();
    const originals = () => filesUnder(mediaDir()).filter((f) => f.includes('original')).length;
    const originalsBefore = originals();
    const boundary = '----abort';
    await new Promise<void>((resolve) => {
      const request = http.request(`${baseUrl}/api/videos/upload/`, {
        method: 'POST',
        headers: { ...creator.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('error', () => resolve());
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHalf\r\n--${boundary}\r\n` +
          `Content-Disposition: form-data; name="video"; filename="half.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      request.write(readFileSync(clips.mp4).subarray(0, 64 * 1024));
      request.write(Buffer.alloc(4 * 1024 * 1024));
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 500);
    });
    // The server notices the broken stream and cleans up.
    const deadline = Date.now() + 5000;
    while (originals() > originalsBefore && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(originals()).toBe(originalsBefore);
    expect(await rowCount()).toBe(before);
  });
});
