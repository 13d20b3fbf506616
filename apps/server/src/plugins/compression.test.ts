import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper';
import { createUser, createVideoRow } from '../../test/factories';

/** The public pages' API calls travel compressed (issue 27); media keep their byte ranges. */
describe('API answers are compressed', () => {
  let ctx: TestContext;
  const list = '/api/videos/videos/?is_approved=true&ordering=-created_at&page=1';
  beforeAll(async () => {
    ctx = await createTestContext();
    const creator = await createUser(ctx, { role: 'creator' });
    for (let i = 0; i < 12; i++) await createVideoRow(ctx, creator, { title: `Clip ${i}` });
    await ctx.deps.database.query("update videos set review_status = 'approved', approved_at = now()");
  });
  afterAll(() => ctx.close());

  it('the library list in brotli when the browser takes it, the same JSON inside', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: list });
    const res = await ctx.app.inject({
      method: 'GET',
      url: list,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
    // Compressed in one piece and sent with its length, not streamed in chunks.
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('in gzip for a client that takes only gzip, and plain for one that takes neither', async () => {
    const gz = await ctx.app.inject({ method: 'GET', url: list, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).results).toHaveLength(12);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: list,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('small answers are left as they are', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
