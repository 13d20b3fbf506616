import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { linkIn, login, nextIp, registerAndVerify } from './test-support';

// L1 (issue 18): an access token stops working the moment its session ends.
describe('access tokens end with their session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://contests.example.com' });
  });
  afterAll(() => ctx.close());

  const me = (access: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Bearer ${access}` },
    });

  it('logout refuses the access token of that session at once, not the other sessions', async () => {
    const user = await createUser(ctx);
    const first = (await login(ctx, user.email, user.password)).json();
    const second = (await login(ctx, user.email, user.password)).json();
    expect((await me(first.access)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/logout/',
      payload: { refresh: first.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(200);
  });

  it('an access token from a refreshed session keeps working until its logout', async () => {
    const user = await createUser(ctx);
    const session = (await login(ctx, user.email, user.password)).json();
    const rotated = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: session.refresh },
      })
    ).json();
    expect((await me(session.access)).statusCode).toBe(200);
    expect((await me(rotated.access)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/logout/',
      payload: { refresh: rotated.refresh },
    });
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await me(rotated.access)).statusCode).toBe(401);
  });

  it('a password reset refuses every access token of the account at once', async () => {
    const { email, password } = await registerAndVerify(ctx, 'l1-reset@example.com');
    const session = (await login(ctx, email, password)).json();
    expect((await me(session.access)).statusCode).toBe(200);
    const before = ctx.outbox().length;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/password/reset/',
      payload: { email },
      remoteAddress: nextIp(),
    });
    const link = linkIn(
      await ctx.waitForEmail(email, { after: before }),
      'https://contests.example.com/reset-password/',
    );
    const [uid, token] = link.split('/').slice(-2);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/accounts/auth/password/reset/confirm/${uid}/${token}/`,
      payload: { new_password1: 'Brand-New-Horizon-77', new_password2: 'Brand-New-Horizon-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
    const fresh = (await login(ctx, email, 'Brand-New-Horizon-77')).json();
    expect((await me(fresh.access)).statusCode).toBe(200);
  });

  it('deactivation by staff refuses the access tokens at once', async () => {
    const staff = await createUser(ctx, { role: 'staff' });
    const user = await createUser(ctx);
    const session = (await login(ctx, user.email, user.password)).json();
    expect((await me(session.access)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/users/${user.id}/deactivate/`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await me(user.headers.authorization!.slice(7))).statusCode).toBe(401);
  });
});
