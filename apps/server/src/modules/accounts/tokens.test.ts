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

  it('revokes the whole family when a rotated token is presented again (theft detection)', async () => {
    const first = await session();
    const second = (await refresh(first.refresh)).json();
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toBe(ACCOUNT_MESSAGES.invalidRefresh);
    // The thief's (or the user's) newer token is now dead too.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('gives exactly one success for 20 simultaneous refreshes of one token', async () => {
    const first = await session();
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(first.refresh)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(19);
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
