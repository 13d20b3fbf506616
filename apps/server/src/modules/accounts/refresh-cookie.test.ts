import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, REFRESH_COOKIE_HEADER } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { nextIp } from './test-support';

// M3 (issue 18): the web app's refresh token lives in an HttpOnly cookie; API clients keep the body.
describe('refresh token in an HttpOnly cookie for the web app', () => {
  let ctx: TestContext;
  const ORIGIN = 'https://contests.example.com';
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: ORIGIN });
  });
  afterAll(() => ctx.close());

  const webLogin = (user: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      headers: { [REFRESH_COOKIE_HEADER]: '1', origin: ORIGIN },
      payload: { email: user.email, password: user.password },
      remoteAddress: nextIp(),
    });
  const cookieOf = (res: Awaited<ReturnType<typeof webLogin>>) =>
    res.cookies.find((c) => c.name === REFRESH_COOKIE);
  const cookieRefresh = (value: string, origin: string | null = ORIGIN) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      headers: { cookie: `${REFRESH_COOKIE}=${value}`, ...(origin ? { origin } : {}) },
      payload: {},
    });

  it('sets the cookie HttpOnly, SameSite=Strict, Secure behind TLS, scoped to the token path; no refresh token in the body', async () => {
    const user = await createUser(ctx);
    const res = await webLogin(user);
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true, path: '/api/token/' });
    expect(cookie.value.length).toBeGreaterThan(20);
    expect(res.json().refresh).toBe('');
    expect(res.json().access).toEqual(expect.any(String));
  });

  it('refreshes through the cookie (rotating it), and refuses another origin or a missing one', async () => {
    const user = await createUser(ctx);
    const first = cookieOf(await webLogin(user))!.value;
    expect((await cookieRefresh(first, 'https://evil.example')).statusCode).toBe(403);
    expect((await cookieRefresh(first, null)).statusCode).toBe(403);
    const res = await cookieRefresh(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String), refresh: '' });
    const rotated = cookieOf(res)!;
    expect(rotated.value).not.toBe(first);
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/token/' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Bearer ${res.json().access}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps the spec contract for API clients: the body in, the pair out, no cookie', async () => {
    const user = await createUser(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      payload: { email: user.email, password: user.password },
      remoteAddress: nextIp(),
    });
    expect(cookieOf(login)).toBeUndefined();
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: login.json().refresh },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(refresh.json().refresh.length).toBeGreaterThan(20);
    expect(cookieOf(refresh)).toBeUndefined();
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().refresh).toEqual(['This field is required.']);
  });

  it('signs out through the cookie: the session ends and the cookie is cleared', async () => {
    const user = await createUser(ctx);
    const login = await webLogin(user);
    const value = cookieOf(login)!.value;
    // Another site (or no Origin at all) cannot sign the user out with the cookie the browser sends.
    for (const origin of ['https://evil.example', null]) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/token/logout/',
        headers: { cookie: `${REFRESH_COOKIE}=${value}`, ...(origin ? { origin } : {}) },
      });
      expect(refused.statusCode).toBe(403);
    }
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/logout/',
      headers: { cookie: `${REFRESH_COOKIE}=${value}`, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out)).toMatchObject({ value: '', path: '/api/token/' });
    expect((await cookieRefresh(value)).statusCode).toBe(401);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Bearer ${login.json().access}` },
    });
    expect(me.statusCode).toBe(401);
  });
});
