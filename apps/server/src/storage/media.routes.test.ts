import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { isSafeKey } from './storage';

describe('media storage and /media', () => {
  let ctx: TestContext;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.deps.storage.put('avatars/abc/preview.mp4', bytes);
    await ctx.deps.storage.put('avatars/abc/notes.txt', Buffer.from('hello'));
  });
  afterAll(() => ctx.close());

  it('serves an object with its allowlisted type, a long cache and nosniff', async () => {
    const res = await ctx.app.inject({ url: '/media/avatars/abc/preview.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers byte ranges with 206 and 416', async () => {
    const part = await ctx.app.inject({
      url: '/media/avatars/abc/preview.mp4',
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await ctx.app.inject({
      url: '/media/avatars/abc/preview.mp4',
      headers: { range: 'bytes=-5' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(995))).toBe(true);
    const open = await ctx.app.inject({
      url: '/media/avatars/abc/preview.mp4',
      headers: { range: 'bytes=990-' },
    });
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    const beyond = await ctx.app.inject({
      url: '/media/avatars/abc/preview.mp4',
      headers: { range: 'bytes=5000-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
  });

  it('reads Range headers as RFC 9110 does: long suffixes, combined parts, the rest ignored', async () => {
    const ask = (range: string) =>
      ctx.app.inject({ url: '/media/avatars/abc/preview.mp4', headers: { range } });
    const longSuffix = await ask('bytes=-5000');
    expect(longSuffix.statusCode).toBe(206);
    expect(longSuffix.headers['content-range']).toBe('bytes 0-999/1000');
    const touching = await ask('bytes=0-9,10-19');
    expect(touching.headers['content-range']).toBe('bytes 0-19/1000');
    expect(touching.rawPayload.equals(bytes.subarray(0, 20))).toBe(true);
    for (const range of ['bytes=0-1,5-9', 'items=0-1', 'bytes=x-y']) {
      const whole = await ask(range);
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.equals(bytes), range).toBe(true);
    }
    for (const range of ['bytes=5-1', 'bytes=-0', 'bytes=1000-'])
      expect((await ask(range)).statusCode, range).toBe(416);
  });

  it('never serves types outside the allowlist or paths that escape the folder', async () => {
    expect((await ctx.app.inject({ url: '/media/avatars/abc/notes.txt' })).statusCode).toBe(404);
    for (const url of [
      '/media/../jwt-secret',
      '/media/videos/../../jwt-secret',
      '/media/videos/%2e%2e/%2e%2e/jwt-secret',
      '/media/avatars/abc/..%2f..%2f..%2fjwt-secret.mp4',
      '/media//etc/passwd.mp4',
      '/media/videos/missing.mp4',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body).not.toContain(ctx.config.JWT_SECRET);
    }
    expect(isSafeKey('a/../b.mp4')).toBe(false);
    expect(isSafeKey('a\\b.mp4')).toBe(false);
  });

  it('put with a byte limit fails and leaves nothing behind', async () => {
    await expect(
      ctx.deps.storage.put('videos/big/original.mp4', Buffer.alloc(2000), { maxBytes: 1000 }),
    ).rejects.toThrow(/larger than/);
    expect(await ctx.deps.storage.stat('videos/big/original.mp4')).toBeNull();
  });
});
