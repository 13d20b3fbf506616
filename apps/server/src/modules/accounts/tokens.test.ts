import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ACCOUNT_MESSAGES, MESSAGES } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { login } from './test-support';

describe('access and refresh tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const refresh = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
  const me = (access: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Bearer ${access}` },
    });
  const session = async () => {
    const user = await createUser(ctx);
    return (await login(ctx, user.email, user.password)).json() as {
      access: string;
      refresh: string;
      user: { id: number };
    };
  };

  it('rotates: a refresh gives a new pair, and the new access token works', async () => {
    const first = await session();
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refresh).not.toBe(first.refresh);
    expect((await me(next.access)).statusCode).toBe(200);
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  const jti = (refreshToken: string) =>
    JSON.parse(Buffer.from(refreshToken.split('.')[1]!, 'base64url').toString()).jti as string;
  /** Moves a used token's use `seconds` into the past, as if the client came back that much later. */
  const usedAgo = (refreshToken: string, seconds: number) =>
    ctx.deps.database.query(
      `update refresh_tokens set used_at = now() - make_interval(secs => $2) where id = $1`,
      [jti(refreshToken), seconds],
    );

  it('gives the same successor again when a used token comes back within 30 s (the answer was lost)', async () => {
    const first = await session();
    const lost = (await refresh(first.refresh)).json();
    // The page was left before the answer arrived: the browser still holds the first token.
    const again = await refresh(first.refresh);
    expect(again.statusCode).toBe(200);
    expect(jti(again.json().refresh)).toBe(jti(lost.refresh));
    expect((await me(again.json().access)).statusCode).toBe(200);
    // The session goes on: the successor rotates once, as any token.
    const next = await refresh(again.json().refresh);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().access)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again after 30 s (theft detection)', async () => {
    const first = await session();
    const second = (await refresh(first.refresh)).json();
    await usedAgo(first.refresh, 31);
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toBe(ACCOUNT_MESSAGES.invalidRefresh);
    // The thief's (or the user's) newer token is now dead too, and so are its access tokens.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(401);
  });

  it('revokes the family when a token comes back within 30 s but its successor was used already', async () => {
    const first = await session();
    const second = (await refresh(first.refresh)).json();
    const third = (await refresh(second.refresh)).json();
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(third.refresh)).statusCode).toBe(401);
  });

  it('rotates once for 20 simultaneous refreshes of one token: every answer carries the same successor', async () => {
    const first = await session();
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(first.refresh)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const successors = new Set(results.map((r) => jti(r.json().refresh)));
    expect(successors.size).toBe(1);
    const { rows } = await ctx.deps.database.query(
      `select count(*)::int as live from refresh_tokens
        where family_id = (select family_id from refresh_tokens where id = $1)
          and used_at is null and revoked_at is null`,
      [jti(first.refresh)],
    );
    expect(rows[0]).toEqual({ live: 1 });
  });

  it('rejects forged, tampered, malformed and access tokens as refresh tokens', async () => {
    const first = await session();
    const [header, payload, signature] = first.refresh.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(claims.jti)
      .setSubject(claims.sub)
      .setAudience('refresh')
      .setIssuer('cinematic-contests')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough'));
    for (const token of [tampered, forged, 'not-a-jwt', first.access]) {
      expect((await refresh(token)).statusCode).toBe(401);
    }
    expect((await refresh(first.refresh)).statusCode).toBe(200);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses an access token that was tampered with or uses alg none', async () => {
    const first = await session();
    const [header, payload, signature] = first.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'staff' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [`${header}.${elevated}.${signature}`, `${none}.${payload}.`, `${none}.${payload}`]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
    }
    expect((await me(first.access)).statusCode).toBe(200);
  });

  it('logout revokes the session', async () => {
    const first = await session();
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/logout/',
      payload: { refresh: first.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    // Logging out twice, or with garbage, still answers 200 (the screen always goes home).
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/logout/',
      payload: { refresh: 'garbage' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('GET /api/accounts/me/ answers the current user, 401 without a valid token', async () => {
    const user = await createUser(ctx, { firstName: 'Grace', lastName: 'Hopper' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/accounts/me/', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      role: 'creator',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '',
      profile: {
        phoneNumber: '',
        bio: '',
        youtube_url: '',
        instagram_url: '',
        portfolio_url: '',
        shipping_address: { line1: '', line2: '', city: '', state: '', postal: '', country: '' },
      },
    });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/accounts/me/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe(MESSAGES.generic.notAuthenticated);
    expect((await me('garbage')).statusCode).toBe(401);
  });
});
