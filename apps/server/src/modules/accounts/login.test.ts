import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { RATE_LIMITS } from './accounts.service';

describe('POST /api/accounts/auth/login/', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('signs a verified user in with tokens and the user (e-mail compared case-insensitively)', async () => {
    const user = await createUser(ctx, { role: 'creator', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await login(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access).toEqual(expect.any(String));
    expect(body.refresh).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'creator',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(body.user.creator_profile).toMatchObject({ bio: '', portfolio_url: '' });
    expect(JSON.stringify(body)).not.toContain('argon2');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/accounts/me/',
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('gives one generic error for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(ctx);
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody@example.com', user.password);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(MESSAGES.login.incorrect);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('asks an unverified user to verify and gives no tokens', async () => {
    const user = await createUser(ctx, { active: false });
    const res = await login(user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      require_verification: true,
      detail: MESSAGES.login.requireVerification,
    });
    expect(res.json().access).toBeUndefined();
  });

  it('says "This field is required." for missing fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      payload: { email: 'a@b.co' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().password).toEqual([MESSAGES.registration.required]);
  });

  it('limits failed attempts per account and client with 429 and Retry-After', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < RATE_LIMITS.login.perAccountClient; i++)
      expect((await login(user.email, 'wrong-password', '10.1.0.1')).statusCode).toBe(401);
    const limited = await login(user.email, user.password, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toBe(MESSAGES.generic.rateLimited);
  });

  // H2 (issue 18): the attempt is counted before the password is checked, in one atomic upsert.
  it('checks at most the limit of 40 parallel wrong passwords; the rest are refused', async () => {
    const user = await createUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(user.email, 'wrong-password', '10.2.0.1')),
    );
    const checked = answers.filter((res) => res.statusCode === 401).length;
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(checked).toBeLessThanOrEqual(RATE_LIMITS.login.perAccountClient);
    expect(checked + refused.length).toBe(40);
    for (const res of refused) expect(res.json().detail).toBe(MESSAGES.generic.rateLimited);
  });

  // M4 (issue 18): guessing from one client does not lock the owner out of another.
  it('lets the right password in from client B after 10 wrong ones from client A', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 10; i++)
      expect((await login(user.email, 'wrong-password', '10.4.0.1')).statusCode).toBe(401);
    expect((await login(user.email, 'wrong-password', '10.4.0.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.4.0.2')).statusCode).toBe(200);
  });

  it('caps guesses spread over many clients, but not the clients the owner signed in from', async () => {
    const user = await createUser(ctx);
    expect((await login(user.email, user.password, '10.5.9.9')).statusCode).toBe(200);
    for (let i = 0; i < RATE_LIMITS.login.perAccount; i++)
      expect((await login(user.email, 'wrong-password', `10.5.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    expect((await login(user.email, 'wrong-password', '10.5.8.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.5.8.2')).statusCode).toBe(429);
    // The owner's own client (a successful sign-in there in the last 30 days) still gets in.
    expect((await login(user.email, user.password, '10.5.9.9')).statusCode).toBe(200);
  });

  it('gives the attempt back on success, so a user who mistypes now and then is never limited', async () => {
    const user = await createUser(ctx);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < RATE_LIMITS.login.perAccountClient - 1; i++)
        expect((await login(user.email, 'wrong-password', '10.6.0.1')).statusCode).toBe(401);
      expect((await login(user.email, user.password, '10.6.0.1')).statusCode).toBe(200);
    }
  });

  it('never locks out a user who signs in successfully again and again', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < RATE_LIMITS.login.perAccountClient + 2; i++)
      expect((await login(user.email, user.password, `10.3.0.${i}`)).statusCode).toBe(200);
  });

  it('limits attempts per client', { timeout: 60_000 }, async () => {
    const attempts = Array.from({ length: RATE_LIMITS.login.perClient }, (_, i) => i);
    for (let start = 0; start < attempts.length; start += 20) {
      await Promise.all(
        attempts
          .slice(start, start + 20)
          .map((i) => login(`someone${i}@example.com`, 'whatever-pass', '10.9.9.9')),
      );
    }
    const limited = await login('another@example.com', 'whatever-pass', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
  });
});
