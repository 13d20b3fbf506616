import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, type Video } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeClips } from '../../../test/video-clips';
import { videos } from '../../db/schema/index';
import { removeExpiredTusUploads, TUS_EXPIRY_MS } from './tus-uploads';

const b64 = (value: string) => Buffer.from(value).toString('base64');
const tusHeaders = { 'tus-resumable': '1.0.0' };

describe('resumable uploads (tus) under /api/videos/uploads/', () => {
  let ctx: TestContext;
  let creator: TestUser;
  let clips: ReturnType<typeof makeClips>;

  const create = (user: TestUser | null, length: number, metadata: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/videos/uploads/',
      headers: {
        ...tusHeaders,
        ...(user?.headers ?? {}),
        'upload-length': String(length),
        'upload-metadata': Object.entries(metadata)
          .map(([key, value]) => `${key} ${b64(value)}`)
          .join(','),
      },
    });
  const patch = (user: TestUser, location: string, offset: number, bytes: Buffer) =>
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
  const head = (user: TestUser, location: string) =>
    ctx.app.inject({ method: 'HEAD', url: location, headers: { ...tusHeaders, ...user.headers } });
  /** Every file in media storage. */
  const storedFiles = () => {
    const media = path.join(ctx.dataDir, 'media');
    return existsSync(media) ? readdirSync(media, { recursive: true }).map(String).sort() : [];
  };
  const rows = async () => (await ctx.deps.database.db.select({ id: videos.id }).from(videos)).length;

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext();
    creator = await createUser(ctx, { role: 'creator' });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it('resumes from the last byte and, on the last byte, creates the video like the multipart route', async () => {
    const bytes = readFileSync(clips.mp4);
    const created = await create(creator, bytes.length, {
      title: 'Resumed take',
      description: 'via tus',
      filetype: 'video/mp4',
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/videos\/uploads\/[0-9a-f]{32}$/);

    const half = Math.floor(bytes.length / 2);
    const first = await patch(creator, location, 0, bytes.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    // "The connection dropped": ask where to continue.
    const probe = await head(creator, location);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe(String(half));

    // Someone else cannot see or continue it.
    const stranger = await createUser(ctx, { role: 'creator' });
    expect((await head(stranger, location)).statusCode).toBe(404);
    expect((await patch(stranger, location, half, bytes.subarray(half))).statusCode).toBe(404);

    const last = await patch(creator, location, half, bytes.subarray(half));
    expect(last.statusCode).toBe(200);
    const video = last.json<Video>();
    expect(video).toMatchObject({
      title: 'Resumed take',
      description: 'via tus',
      status: 'processing',
      is_approved: false,
      creator_id: creator.id,
    });
    expect(last.headers['x-video-id']).toBe(String(video.id));
    const stored = await ctx.app.inject({
      url: `/api/videos/videos/${video.id}/download/`,
      headers: creator.headers,
    });
    expect(stored.rawPayload.equals(bytes)).toBe(true);
    // The temporary upload (bytes and record) is gone once it became a video.
    expect(readdirSync(path.join(ctx.dataDir, 'tus-uploads'))).toEqual([]);
  });

  it('applies the same limits and checks', async () => {
    const before = await rows();
    expect((await create(null, 1000, { title: 'x' })).statusCode).toBe(401);
    const brand = await createUser(ctx, { role: 'brand' });
    expect((await create(brand, 1000, { title: 'x' })).statusCode).toBe(403);

    const tooBig = await create(creator, LIMITS.maxVideoBytes + 1, { title: 'Huge' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ detail: MESSAGES.upload.tooLarge });

    const noTitle = await create(creator, 1000, { title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ detail: MESSAGES.upload.noTitle });

    const filesBefore = storedFiles();
    const text = Buffer.from('plain text pretending to be a movie\n'.repeat(100));
    const spoof = await create(creator, text.length, {
      title: 'Spoof',
      filetype: 'video/mp4',
      filename: 'a.mp4',
    });
    expect(spoof.statusCode).toBe(201);
    const done = await patch(creator, spoof.headers.location as string, 0, text);
    expect(done.statusCode).toBe(400);
    expect(done.json()).toMatchObject({ detail: MESSAGES.upload.invalidType });
    expect(await rows()).toBe(before);
    // Nothing of the refused upload is kept, in the upload folder or in storage.
    const id = (spoof.headers.location as string).split('/').pop()!;
    expect(readdirSync(path.join(ctx.dataDir, 'tus-uploads')).filter((name) => name.startsWith(id))).toEqual(
      [],
    );
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('expires an unfinished upload after 24 h: 410 Gone, then its bytes are removed', async () => {
    const bytes = readFileSync(clips.mp4);
    const created = await create(creator, bytes.length, { title: 'Left behind' });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const expires = Date.parse(created.headers['upload-expires'] as string);
    expect(Math.abs(expires - (Date.now() + TUS_EXPIRY_MS))).toBeLessThan(60_000);
    const half = Math.floor(bytes.length / 2);
    expect((await patch(creator, location, 0, bytes.subarray(0, half))).statusCode).toBe(204);

    const directory = path.join(ctx.dataDir, 'tus-uploads');
    const id = location.split('/').pop()!;
    const data = path.join(directory, id);
    expect(existsSync(data)).toBe(true);
    // A sweep today leaves it alone.
    expect(await removeExpiredTusUploads(directory)).toBe(0);
    expect(existsSync(data)).toBe(true);

    // The upload was started 25 hours ago: the client may no longer continue it.
    const record = path.join(directory, `${id}.json`);
    const info = JSON.parse(readFileSync(record, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - TUS_EXPIRY_MS - 3600_000).toISOString();
    writeFileSync(record, JSON.stringify(info));
    expect((await head(creator, location)).statusCode).toBe(410);
    expect((await patch(creator, location, half, bytes.subarray(half))).statusCode).toBe(410);

    // The periodic sweep removes its bytes and record; afterwards the upload does not exist.
    expect(await removeExpiredTusUploads(directory)).toBe(1);
    expect(existsSync(data)).toBe(false);
    expect(existsSync(record)).toBe(false);
    expect((await head(creator, location)).statusCode).toBe(404);
  });

  it('sweeps by the clock it is given; two processes sweeping at once do not trip over each other', async () => {
    const created = await create(creator, 1000, { title: 'Abandoned' });
    const id = (created.headers.location as string).split('/').pop()!;
    const directory = path.join(ctx.dataDir, 'tus-uploads');
    const tomorrow = Date.now() + TUS_EXPIRY_MS + 1000;
    const [one, two] = await Promise.all([
      removeExpiredTusUploads(directory, tomorrow),
      removeExpiredTusUploads(directory, tomorrow),
    ]);
    expect(one + two).toBeGreaterThanOrEqual(1);
    expect(readdirSync(directory).filter((name) => name.startsWith(id))).toEqual([]);
  });
});
