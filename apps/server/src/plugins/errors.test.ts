import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { createTestContext, type TestContext } from '../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../test/factories';
import { multipartBody } from '../../test/video-clips';

/** Defects the fuzzing suite found (issue 18): the client's bad data answered 500. */
describe('data the database or the multipart parser cannot take is a 400, not a 500', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let creator: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    staff = await createUser(ctx, { role: 'staff' });
    creator = await createUser(ctx, { role: 'creator' });
  });
  afterAll(() => ctx.close());

  const count = async (table: string) =>
    Number((await ctx.deps.database.query(`select count(*)::int as n from ${table}`)).rows[0]!.n);

  it.each([
    ['a search term', '/api/staff/users/?q=a%00b'],
    ['an audit filter', '/api/staff/audit/?action=a%00b'],
  ])('a NUL character in %s (PostgreSQL 22021)', async (_what, url) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: staff.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MESSAGES.generic.invalidCharacters, code: 'bad_request' });
  });

  it('a NUL character in a path parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contests/%00/products/' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('a NUL character in a JSON body changes nothing', async () => {
    const video = await createVideoRow(ctx, creator, { title: 'Before' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/videos/videos/${video.id}/`,
      headers: { ...creator.headers, 'content-type': 'application/json' },
      payload: '{"title":"a\\u0000b"}',
    });
    expect(res.statusCode).toBe(400);
    const row = await ctx.deps.database.query('select title from videos where id = $1', [video.id]);
    expect(row.rows[0]!.title).toBe('Before');
  });

  it('a multipart body without a boundary', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      headers: { ...creator.headers, 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MESSAGES.generic.malformedBody, code: 'bad_request' });
  });

  it('a truncated multipart upload leaves no video', async () => {
    // An MP4 signature (what the upload sniffs) and 32 KiB after it: the body is cut short anyway.
    const bytes = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(32 * 1024, 7)]);
    const { payload, headers } = multipartBody(
      { title: 'Cut short' },
      { filename: 'clip.mp4', type: 'video/mp4', bytes },
    );
    const before = await count('videos');
    for (const cut of [0.01, 0.05, 0.1, 0.5, 0.9, 0.999]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/videos/upload/',
        headers: { ...creator.headers, ...headers },
        payload: payload.subarray(0, Math.floor(payload.length * cut)),
      });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
      expect(res.body).not.toMatch(/at |node_modules|\.ts:/);
    }
    expect(await count('videos')).toBe(before);
  });

  it('a truncated multipart profile update', async () => {
    const token = 'errors-test-csrf-token-0123456789abcdef';
    const { payload, headers } = multipartBody({ bio: 'New bio' });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/accounts/auth/creator-profile/',
      headers: { ...creator.headers, ...headers, cookie: `csrftoken=${token}`, 'x-csrftoken': token },
      payload: payload.subarray(0, payload.length - 12),
    });
    expect(res.statusCode).toBe(400);
  });
});

/** Issue 19: under overload a request that cannot get a database connection in time is a 503. */
describe('a request that waits too long for a database connection', () => {
  let ctx: TestContext;
  let creator: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    creator = await createUser(ctx, { role: 'creator' });
  });
  afterAll(() => ctx.close());

  it('answers 503 with Retry-After, not 500 (PostgreSQL: every pool connection busy for 5 s)', async (test) => {
    const pool = ctx.deps.database.pool;
    if (!pool) return test.skip(); // PGlite has no pool to exhaust
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: creator.headers });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ detail: MESSAGES.generic.serverError, code: 'unavailable' });
    } finally {
      for (const client of held) client.release();
    }
    const again = await ctx.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: creator.headers });
    expect(again.statusCode).toBe(200);
  }, 20_000);
});
