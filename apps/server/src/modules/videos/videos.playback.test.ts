import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_CAPTION_LANGUAGES, VIDEO_CAPTION_MESSAGES, type Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeClips, makeRotatedHevcClip, multipartBody } from '../../../test/video-clips';
import { createVideosService } from './videos.service';
import { videosPorts } from '../index';
import { users } from '../../db/schema/index';

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  side_data_list?: Array<{ rotation?: number }>;
  tags?: { rotate?: string };
}

function ffprobe(file: string): { streams: ProbedStream[]; format: { duration: string } } {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
      encoding: 'utf8',
    }),
  ) as { streams: ProbedStream[]; format: { duration: string } };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((entry) =>
      statSync(path.join(dir, entry)).isFile(),
    );
  } catch {
    return [];
  }
}

/** Issue 16: renditions, HLS, the MP4 fallback, captions, the original's download, deletion. */
describe('playback: renditions, captions and the original', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let brand: TestUser;
  let clips: ReturnType<typeof makeClips>;
  let rotated: string;
  let video: Video;

  const get = (url: string, user?: TestUser | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...(user?.headers ?? {}), ...headers } });
  const videoAs = async (user: TestUser | null) =>
    (await get(`/api/videos/videos/${video.id}/`, user)).json<Video>();
  const postCaptions = (
    user: TestUser | null,
    fields: Record<string, string>,
    file?: Buffer,
    filename = 'c.srt',
  ) => {
    const body = multipartBody(
      fields,
      file ? { name: 'file', filename, type: 'application/octet-stream', bytes: file } : undefined,
    );
    return ctx.app.inject({
      method: 'POST',
      url: `/api/videos/videos/${video.id}/captions/`,
      payload: body.payload,
      headers: { ...body.headers, ...(user?.headers ?? {}) },
    });
  };

  beforeAll(async () => {
    clips = makeClips();
    rotated = makeRotatedHevcClip();
    ctx = await createTestContext();
    owner = await createUser(ctx, { role: 'creator', firstName: 'Grace', lastName: 'Hopper' });
    other = await createUser(ctx, { role: 'creator' });
    staff = await createUser(ctx, { role: 'staff' });
    brand = await createUser(ctx, { role: 'brand' });
    const body = multipartBody(
      { title: 'Été à Paris: "rooftops" / take 2' },
      { filename: 'IMG_0042.MOV', type: 'video/quicktime', bytes: readFileSync(rotated) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...owner.headers },
    });
    expect(res.statusCode).toBe(201);
    video = res.json<Video>();
    expect(video.processing.stage).toBe('queued');
    expect(video.playback).toBeNull();
    const deadline = Date.now() + 120_000;
    while (
      video.processing.stage !== 'done' &&
      video.processing.stage !== 'failed' &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      video = await videoAs(owner);
    }
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    if (clips) rmSync(clips.dir, { recursive: true, force: true });
  });

  it('makes upright H.264 High yuv420p renditions of a rotated HEVC .mov, listed in the master playlist', async () => {
    expect(video).toMatchObject({
      status: 'ready',
      video_codec: 'hevc',
      width: 480,
      height: 854,
      processing: { stage: 'done', percent: 100 },
    });
    const playback = video.playback!;
    expect(playback.renditions).toEqual([
      { width: 360, height: 640, bandwidth: expect.any(Number) as number },
      { width: 480, height: 854, bandwidth: expect.any(Number) as number },
    ]);
    expect(playback.poster_url).toBe(video.thumbnail_url);
    expect(playback.captions).toEqual([]);

    const master = await get(playback.hls_url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // Not approved yet: a signed URL and private caching (issue 18, L8).
    expect(master.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const variants = master.body
      .split('\n')
      .filter((line) => line.startsWith('#EXT-X-STREAM-INF:'))
      .map((line) => line);
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatch(
      /BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=360x640,CODECS="avc1\.6400[0-9a-f]{2},mp4a\.40\.2"/,
    );
    expect(variants[1]).toMatch(/RESOLUTION=480x854/);

    const base = playback.hls_url.slice(0, playback.hls_url.lastIndexOf('/') + 1);
    const uris = master.body.split('\n').filter((line) => line && !line.startsWith('#'));
    for (const [i, uri] of uris.entries()) {
      const playlistUrl = base + uri;
      const playlist = await get(playlistUrl);
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      const dir = playlistUrl.slice(0, playlistUrl.lastIndexOf('/') + 1);
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)![1]!;
      const segments = playlist.body.split('\n').filter((line) => line && !line.startsWith('#'));
      // ~4 s segments on 2 s keyframes: 6 s make two.
      expect(segments).toHaveLength(2);
      const parts = [(await get(dir + init)).rawPayload];
      for (const segment of segments) {
        const res = await get(dir + segment, null, { range: 'bytes=0-' });
        expect(res.statusCode).toBe(206);
        expect(res.headers['content-type']).toBe('video/iso.segment');
        parts.push(res.rawPayload);
      }
      const joined = path.join(clips.dir, `rendition-${i}.mp4`);
      writeFileSync(joined, Buffer.concat(parts));
      const probe = ffprobe(joined);
      const v = probe.streams.find((s) => s.codec_type === 'video')!;
      expect(v).toMatchObject({
        codec_name: 'h264',
        profile: 'High',
        pix_fmt: 'yuv420p',
        width: playback.renditions[i]!.width,
        height: playback.renditions[i]!.height,
      });
      // Upright in the pixels themselves: no rotation left for the player to apply.
      expect(v.side_data_list?.find((d) => d.rotation)?.rotation ?? 0).toBe(0);
      expect(v.tags?.rotate ?? '0').toBe('0');
      expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    }

    // The progressive MP4 fallback: H.264 + AAC, upright, index first (faststart).
    const mp4 = await get(playback.mp4_url);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const mp4File = path.join(clips.dir, 'fallback.mp4');
    writeFileSync(mp4File, mp4.rawPayload);
    const probe = ffprobe(mp4File);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 480,
      height: 854,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(6, 0);
    const text = mp4.rawPayload.toString('latin1');
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));

    // The original is kept as it was uploaded.
    const original = await get(`/api/videos/videos/${video.id}/download/`, owner);
    expect(original.rawPayload.equals(readFileSync(rotated))).toBe(true);
  });

  it('converts SRT captions to WebVTT, replaces a language, and refuses others and bad input', async () => {
    const srt = Buffer.from(
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nSecond line\r\n',
    );
    const added = await postCaptions(owner, { language: 'en' }, srt);
    expect(added.statusCode).toBe(200);
    const first = added.json<Video>().playback!.captions;
    expect(first).toEqual([{ language: 'en', url: expect.stringMatching(/\.vtt$/) as string }]);
    const vtt = await get(first[0]!.url);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello <i>there</i>\n\n2\n00:00:03.000 --> 00:00:04.000\nSecond line\n',
    );

    const replaced = await postCaptions(
      owner,
      { language: 'EN' },
      Buffer.from('WEBVTT\n\n00:00.500 --> 00:02.000\nReplaced\n'),
      'c.vtt',
    );
    expect(replaced.statusCode).toBe(200);
    const pt = await postCaptions(
      owner,
      { language: 'pt-BR' },
      Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nOlá\n'),
    );
    const captions = pt.json<Video>().playback!.captions;
    // Tags are kept in their canonical spelling: 'EN' replaced the 'en' track.
    expect(captions.map((c) => c.language)).toEqual(['en', 'pt-BR']);
    expect((await get(captions[0]!.url)).body).toContain('Replaced');
    expect((await get(first[0]!.url)).statusCode).toBe(404);

    expect((await postCaptions(null, { language: 'en' }, srt)).statusCode).toBe(401);
    expect((await postCaptions(other, { language: 'en' }, srt)).statusCode).toBe(404);
    expect((await postCaptions(staff, { language: 'en' }, srt)).statusCode).toBe(403);
    expect((await postCaptions(owner, { language: 'english please' }, srt)).statusCode).toBe(400);
    expect((await postCaptions(owner, { language: 'x'.repeat(40) }, srt)).statusCode).toBe(400);
    // Only the short list of languages: a private-use or unknown tag is not a new track.
    for (const language of ['en-x1', 'en-US-x-2', 'xx', 'i-klingon', 'zh']) {
      const refused = await postCaptions(owner, { language }, srt);
      expect(refused.statusCode, language).toBe(400);
      expect(refused.json(), language).toMatchObject({ language: [VIDEO_CAPTION_MESSAGES.language] });
    }
    expect(VIDEO_CAPTION_LANGUAGES.length).toBeLessThanOrEqual(20);
    expect(
      (await postCaptions(owner, { language: 'en' }, Buffer.from('not captions at all'))).statusCode,
    ).toBe(400);
    expect((await postCaptions(owner, { language: 'en' })).statusCode).toBe(400);
    const big = await postCaptions(owner, { language: 'en' }, Buffer.alloc(600 * 1024, 'a'));
    expect(big.statusCode).toBe(400);
    expect((await videoAs(owner)).playback!.captions).toHaveLength(2);
  });

  it('lets the owner and staff download the original as an attachment; nobody else', async () => {
    const path_ = `/api/videos/videos/${video.id}/download/`;
    const originalBytes = readFileSync(rotated);

    const mine = await get(path_, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe(
      'attachment; filename="Ete-a-Paris-rooftops-take-2.mov"',
    );
    expect(mine.headers['content-type']).toBe('video/quicktime');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(originalBytes)).toBe(true);
    expect((await get(path_, staff)).statusCode).toBe(200);

    expect((await get(path_)).statusCode).toBe(401);
    // Unapproved: others cannot even see it.
    expect((await get(path_, other)).statusCode).toBe(404);
    expect((await get(path_, brand)).statusCode).toBe(404);
    await createVideosService(ctx.deps, videosPorts).review({ system: 'admin-cli' }, video.id, {
      status: 'approved',
    });
    expect((await get(path_, other)).statusCode).toBe(403);
    // No contest entries exist yet, so no brand qualifies (videos.policy.ts isBrandOfEnteredContest).
    expect((await get(path_, brand)).statusCode).toBe(403);

    // download_url: only for those allowed; a plain link with its token works, once for this video.
    expect((await videoAs(null)).download_url).toBeNull();
    expect((await videoAs(other)).download_url).toBeNull();
    expect((await videoAs(brand)).download_url).toBeNull();
    expect((await videoAs(staff)).download_url).toMatch(/download\/\?token=/);
    const link = (await videoAs(owner)).download_url!;
    const viaLink = await get(link, null, { range: 'bytes=0-9' });
    expect(viaLink.statusCode).toBe(206);
    expect(viaLink.rawPayload.equals(originalBytes.subarray(0, 10))).toBe(true);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    expect((await get(`${path_}?token=${token.slice(0, -2)}xx`)).statusCode).toBe(401);
    expect((await get(`/api/videos/videos/${video.id + 1000}/download/?token=${token}`)).statusCode).toBe(
      401,
    );
    // The link speaks for its account as it is when used: deactivated, or signed out everywhere
    // (a password change), the link no longer works (issue 30).
    const db = ctx.deps.database.db;
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, owner.id));
    expect((await get(link)).statusCode).toBe(401);
    await db.update(users).set({ deactivatedAt: null }).where(eq(users.id, owner.id));
    expect((await get(link, null, { range: 'bytes=0-9' })).statusCode).toBe(206);
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, owner.id));
    try {
      expect((await get(link)).statusCode).toBe(401);
    } finally {
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} - 1` })
        .where(eq(users.id, owner.id));
    }
  });

  it('deletes every file of the video: original, poster, preview, renditions, segments, captions', async () => {
    const media = path.join(ctx.dataDir, 'media');
    const folder = video
      .playback!.hls_url.replace(/^\/media\/(s\/\d+\/[A-Za-z0-9_-]{43}\/)?/, '')
      .replace(/hls\/master\.m3u8$/, '');
    const before = filesUnder(path.join(media, folder));
    expect(before).toEqual(
      expect.arrayContaining([
        'original.mov',
        'poster.jpg',
        'preview.mp4',
        'hls/master.m3u8',
        'hls/360p/playlist.m3u8',
        'hls/480p/playlist.m3u8',
        'mp4-480p.mp4',
      ]),
    );
    expect(before.filter((f) => f.endsWith('.m4s'))).toHaveLength(4);
    expect(before.filter((f) => f.startsWith('captions/'))).toHaveLength(2);
    // What only the first step needed is gone once the ladder is done.
    expect(before).not.toContain('hls/first.m3u8');
    expect(before).not.toContain('mp4-360p.mp4');

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/videos/${video.id}/`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(filesUnder(path.join(media, folder))).toEqual([]);
    expect((await get(video.playback!.hls_url)).statusCode).toBe(404);
  });
});
