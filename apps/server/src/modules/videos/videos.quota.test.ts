import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA_MESSAGES, UPLOAD_QUOTAS } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { makeClips, multipartBody } from '../../../test/video-clips';
import { uploadSlots, videos } from '../../db/schema/index';

const b64 = (value: string) => Buffer.from(value).toString('base64');
const tusHeaders = { 'tus-resumable': '1.0.0' };

/**
 * Issue 18, M5: per-creator quotas (stored bytes, videos a day, uploads at once, videos waiting
 * for processing) and the free-disk reserve before bytes are taken.
 */
describe('upload quotas and free disk', () => {
  let ctx: TestContext;
  let clips: ReturnType<typeof makeClips>;
  let clipBytes: Buffer;
  const defaults: Record<string, number> = {
    UPLOAD_MAX_STORED_BYTES: UPLOAD_QUOTAS.maxStoredBytes,
    UPLOAD_MAX_VIDEOS_PER_DAY: UPLOAD_QUOTAS.maxVideosPerDay,
    UPLOAD_MAX_CONCURRENT: UPLOAD_QUOTAS.maxConcurrentUploads,
    UPLOAD_MAX_PROCESSING: 100,
    UPLOAD_MIN_FREE_DISK_BYTES: 0,
  };
  /** Sets quotas on the running app (its config object) for one case. */
  const limits = (values: Record<string, number>) => Object.assign(ctx.config, defaults, values);

  const upload = (user: TestUser, title = 'Quota take') => {
    const body = multipartBody({ title }, { filename: 'clip.mp4', type: 'video/mp4', bytes: clipBytes });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
  };
  const tusCreate = (user: TestUser, length: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/videos/uploads/',
      headers: {
        ...tusHeaders,
        ...user.headers,
        'upload-length': String(length),
        'upload-metadata': `title ${b64('Resumable')}`,
      },
    });
  const tusPatch = (user: TestUser, location: string, offset: number, bytes: Buffer) =>
    ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders,
        ...user.headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
  const videosOf = async (user: TestUser) =>
    (await ctx.deps.database.db.select({ id: videos.id }).from(videos).where(eq(videos.ownerId, user.id)))
      .length;

  /** Every file under the media storage (partial writes included). */
  const mediaFiles = () =>
    readdirSync(path.join(ctx.dataDir, 'media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();

  beforeAll(async () => {
    clips = makeClips();
    clipBytes = readFileSync(clips.mp4);
    // No processing: its renditions would appear among the files a refused upload must not leave.
    ctx = await createTestContext({ WORKERS: 'false' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it('limits the videos a creator uploads in 24 hours (429), not another creator', async () => {
    limits({ UPLOAD_MAX_VIDEOS_PER_DAY: 2 });
    const creator = await createUser(ctx);
    expect((await upload(creator)).statusCode).toBe(201);
    expect((await upload(creator)).statusCode).toBe(201);
    const third = await upload(creator);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'upload_limit', detail: UPLOAD_QUOTA_MESSAGES.perDay(2) });
    expect((await tusCreate(creator, clipBytes.length)).statusCode).toBe(429);
    expect(await videosOf(creator)).toBe(2);
    expect((await upload(await createUser(ctx))).statusCode).toBe(201);
  });

  it('counts uploads started in the 24 hours, deleted ones too: deleting a video does not reset the limit', async () => {
    limits({ UPLOAD_MAX_VIDEOS_PER_DAY: 2 });
    const creator = await createUser(ctx);
    const first = await upload(creator);
    expect(first.statusCode).toBe(201);
    expect((await upload(creator)).statusCode).toBe(201);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/videos/${first.json<{ id: number }>().id}/`,
      headers: creator.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const third = await upload(creator);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'upload_limit', detail: UPLOAD_QUOTA_MESSAGES.perDay(2) });
    expect((await tusCreate(creator, clipBytes.length)).statusCode).toBe(429);
    expect(await videosOf(creator)).toBe(1);
  });

  it('counts caption tracks in the stored bytes (413) and keeps the free-disk reserve for them (507)', async () => {
    const cue = (i: number) =>
      `00:${String(i % 60).padStart(2, '0')}.000 --> 00:${String(i % 60).padStart(2, '0')}.500\n${'a'.repeat(200)}\n\n`;
    const vtt = Buffer.from(`WEBVTT\n\n${Array.from({ length: 500 }, (_, i) => cue(i)).join('')}`);
    expect(vtt.length).toBeGreaterThan(100 * 1024);
    const creator = await createUser(ctx);
    limits({});
    const video = (await upload(creator)).json<{ id: number }>();
    const captions = (language: string) => {
      const body = multipartBody(
        { language },
        { name: 'file', filename: 'c.vtt', type: 'text/vtt', bytes: vtt },
      );
      return ctx.app.inject({
        method: 'POST',
        url: `/api/videos/videos/${video.id}/captions/`,
        payload: body.payload,
        headers: { ...body.headers, ...creator.headers },
      });
    };
    limits({ UPLOAD_MAX_STORED_BYTES: clipBytes.length + vtt.length - 1 });
    const over = await captions('en');
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ code: 'storage_quota_exceeded' });
    limits({ UPLOAD_MAX_STORED_BYTES: clipBytes.length + vtt.length + 1000 });
    expect((await captions('en')).statusCode).toBe(200);
    // Replacing a track counts the new file instead of the old one.
    expect((await captions('en')).statusCode).toBe(200);
    // The stored track counts: a second language does not fit, nor does another video.
    expect((await captions('fr')).statusCode).toBe(413);
    limits({ UPLOAD_MAX_STORED_BYTES: clipBytes.length * 2 + 500 });
    expect((await upload(creator)).statusCode).toBe(413);

    const free = (await import('./upload-quota')).freeDiskBytes;
    limits({ UPLOAD_MIN_FREE_DISK_BYTES: (await free(ctx.dataDir)) + 1024 * 1024 * 1024 });
    const disk = await captions('de');
    expect(disk.statusCode).toBe(507);
    expect(disk.json()).toMatchObject({ code: 'insufficient_storage' });
    limits({});
  });

  it('limits the bytes a creator keeps stored (413), before any byte is taken', async () => {
    limits({ UPLOAD_MAX_STORED_BYTES: Math.floor(clipBytes.length * 1.5) });
    const creator = await createUser(ctx);
    expect((await upload(creator)).statusCode).toBe(201);
    const second = await upload(creator);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(second.json<{ detail: string }>().detail).toMatch(/video storage/);
    const resumable = await tusCreate(creator, clipBytes.length);
    expect(resumable.statusCode).toBe(413);
    expect(resumable.json()).toEqual(second.json());
    expect(await videosOf(creator)).toBe(1);
  });

  it('counts a chunked upload (no Content-Length) by the bytes received: past the quota it is refused and nothing stays on disk', async () => {
    limits({ UPLOAD_MAX_STORED_BYTES: Math.floor(clipBytes.length * 1.5) });
    const creator = await createUser(ctx);
    expect((await upload(creator)).statusCode).toBe(201);
    const filesBefore = mediaFiles();
    const body = multipartBody(
      { title: 'Chunked' },
      { filename: 'clip.mp4', type: 'video/mp4', bytes: clipBytes },
    );
    const stream = new PassThrough();
    const chunked = ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: stream,
      headers: { ...body.headers, ...creator.headers, 'transfer-encoding': 'chunked' },
    });
    for (let at = 0; at < body.payload.length; at += 64 * 1024)
      stream.write(body.payload.subarray(at, at + 64 * 1024));
    stream.end();
    const refused = await chunked;
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(await videosOf(creator)).toBe(1);
    expect(mediaFiles()).toEqual(filesBefore);
    limits({});
  });

  it('limits the uploads a creator has under way at once (429)', async () => {
    limits({ UPLOAD_MAX_CONCURRENT: 1 });
    const creator = await createUser(ctx);
    const first = await tusCreate(creator, clipBytes.length);
    expect(first.statusCode).toBe(201);
    const second = await tusCreate(creator, clipBytes.length);
    expect(second.statusCode).toBe(429);
    expect(second.json<{ detail: string }>().detail).toBe(UPLOAD_QUOTA_MESSAGES.concurrent(1));
    expect((await upload(creator)).statusCode).toBe(429);
    // Another creator is not held back by it.
    expect((await tusCreate(await createUser(ctx), clipBytes.length)).statusCode).toBe(201);
    // Once the first upload finishes, the creator may start another.
    const done = await tusPatch(creator, first.headers.location as string, 0, clipBytes);
    expect(done.statusCode).toBe(200);
    expect((await tusCreate(creator, clipBytes.length)).statusCode).toBe(201);
  });

  it('counts the multipart uploads under way in every app process on the database, not per process', async () => {
    limits({ UPLOAD_MAX_CONCURRENT: 1 });
    const creator = await createUser(ctx);
    const slotsOf = async (user: TestUser) =>
      (await ctx.deps.database.db.select().from(uploadSlots).where(eq(uploadSlots.ownerId, user.id))).length;
    // A second app instance on the same database (as a second process behind the balancer).
    const other = await ctx.anotherApp();
    try {
      // An upload whose bytes are still arriving on the first instance…
      const body = multipartBody(
        { title: 'Slow one' },
        { filename: 'clip.mp4', type: 'video/mp4', bytes: clipBytes },
      );
      const stream = new PassThrough();
      const slow = ctx.app.inject({
        method: 'POST',
        url: '/api/videos/upload/',
        payload: stream,
        headers: { ...body.headers, ...creator.headers, 'content-length': String(body.payload.length) },
      });
      stream.write(body.payload.subarray(0, 1000));
      for (let i = 0; i < 100 && (await slotsOf(creator)) === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await slotsOf(creator)).toBe(1);
      // …is counted by the second one.
      const refused = await other.inject({
        method: 'POST',
        url: '/api/videos/upload/',
        payload: body.payload,
        headers: { ...body.headers, ...creator.headers },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'upload_limit',
        detail: UPLOAD_QUOTA_MESSAGES.concurrent(1),
      });
      expect(await slotsOf(creator)).toBe(1);
      stream.end(body.payload.subarray(1000));
      expect((await slow).statusCode).toBe(201);
      // Once it ended, its slot is free for either instance.
      expect(await slotsOf(creator)).toBe(0);
      const next = await other.inject({
        method: 'POST',
        url: '/api/videos/upload/',
        payload: body.payload,
        headers: { ...body.headers, ...creator.headers },
      });
      expect(next.statusCode).toBe(201);
      expect(await slotsOf(creator)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('counts a slot another process holds, until it expires (a process that died)', async () => {
    limits({ UPLOAD_MAX_CONCURRENT: 1 });
    const creator = await createUser(ctx);
    // A slot held by an upload on another process, written as that process writes it.
    const [slot] = await ctx.deps.database.db
      .insert(uploadSlots)
      .values({ ownerId: creator.id, expiresAt: new Date(Date.now() + 60_000) })
      .returning({ id: uploadSlots.id });
    const refused = await upload(creator);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(UPLOAD_QUOTA_MESSAGES.concurrent(1));
    // That process died: its slot, no longer renewed, expires and stops counting.
    await ctx.deps.database.db
      .update(uploadSlots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadSlots.id, slot!.id));
    expect((await upload(creator)).statusCode).toBe(201);
    // …and is removed with the creator's next upload.
    expect(
      await ctx.deps.database.db.select().from(uploadSlots).where(eq(uploadSlots.ownerId, creator.id)),
    ).toEqual([]);
  });

  it('counts a resumable upload in every process until it is cancelled, refused or expires', async () => {
    limits({ UPLOAD_MAX_CONCURRENT: 1 });
    const creator = await createUser(ctx);
    const slotsOf = async (user: TestUser) =>
      ctx.deps.database.db
        .select({ uploadId: uploadSlots.uploadId })
        .from(uploadSlots)
        .where(eq(uploadSlots.ownerId, user.id));
    const other = await ctx.anotherApp();
    try {
      // Started on this process: the second process counts it, for either kind of upload.
      const started = await tusCreate(creator, clipBytes.length);
      expect(started.statusCode).toBe(201);
      const id = String(started.headers.location).split('/').pop()!;
      expect(await slotsOf(creator)).toEqual([{ uploadId: id }]);
      const elsewhere = await other.inject({
        method: 'POST',
        url: '/api/videos/uploads/',
        headers: {
          ...tusHeaders,
          ...creator.headers,
          'upload-length': String(clipBytes.length),
          'upload-metadata': `title ${b64('Second')}`,
        },
      });
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json<{ detail: string }>().detail).toBe(UPLOAD_QUOTA_MESSAGES.concurrent(1));
      expect((await upload(creator)).statusCode).toBe(429);

      // Cancelled: its slot is free at once.
      const cancelled = await other.inject({
        method: 'DELETE',
        url: started.headers.location as string,
        headers: { ...tusHeaders, ...creator.headers },
      });
      expect(cancelled.statusCode).toBe(204);
      expect(await slotsOf(creator)).toEqual([]);

      // Finished with bytes that are not a video: refused, and its slot free too.
      const junk = await tusCreate(creator, 2048);
      expect(junk.statusCode).toBe(201);
      const refused = await tusPatch(creator, junk.headers.location as string, 0, Buffer.alloc(2048, 7));
      expect(refused.statusCode).toBe(400);
      expect(await slotsOf(creator)).toEqual([]);

      // Left unfinished past its expiry: no longer counted, and removed by the next upload.
      const left = await tusCreate(creator, clipBytes.length);
      expect(left.statusCode).toBe(201);
      await ctx.deps.database.db
        .update(uploadSlots)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(uploadSlots.ownerId, creator.id));
      expect((await upload(creator)).statusCode).toBe(201);
      expect(await slotsOf(creator)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('limits the videos of a creator waiting for processing (429)', async () => {
    limits({ UPLOAD_MAX_PROCESSING: 2 });
    const creator = await createUser(ctx);
    await createVideoRow(ctx, creator, { status: 'processing' });
    await createVideoRow(ctx, creator, { status: 'processing' });
    const refused = await upload(creator);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(UPLOAD_QUOTA_MESSAGES.processing(2));
    await createVideoRow(ctx, creator, { status: 'ready' });
    expect((await upload(await createUser(ctx))).statusCode).toBe(201);
  });

  it('refuses bytes with 507 when the data disk would drop under its reserve', async () => {
    const creator = await createUser(ctx);
    limits({});
    const started = await tusCreate(creator, clipBytes.length);
    expect(started.statusCode).toBe(201);
    const free = (await import('./upload-quota')).freeDiskBytes;
    // A reserve just above what the disk has free now: nothing more may come in.
    limits({ UPLOAD_MIN_FREE_DISK_BYTES: (await free(ctx.dataDir)) + 1024 * 1024 * 1024 });
    const multipart = await upload(creator);
    expect(multipart.statusCode).toBe(507);
    expect(multipart.json()).toMatchObject({
      code: 'insufficient_storage',
      detail: UPLOAD_QUOTA_MESSAGES.disk,
    });
    expect((await tusCreate(creator, clipBytes.length)).statusCode).toBe(507);
    const patch = await tusPatch(creator, started.headers.location as string, 0, clipBytes);
    expect(patch.statusCode).toBe(507);
    expect(
      statSync(path.join(ctx.dataDir, 'tus-uploads', path.basename(started.headers.location as string))).size,
    ).toBe(0);
    expect(await videosOf(creator)).toBe(0);
    limits({});
  });
});
