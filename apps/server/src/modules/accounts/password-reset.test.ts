import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createLinkTokens, encodeUid } from './account-tokens';
import { findAccountByEmail } from './accounts.repository';
import { linkIn, login, nextIp, registerAndVerify } from './test-support';

describe('password reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://contests.example.com' });
  });
  afterAll(() => ctx.close());

  const requestReset = (email: string, ip = nextIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/password/reset/',
      payload: { email },
      remoteAddress: ip,
    });
  const confirm = (path: string, new_password1: string, new_password2 = new_password1) => {
    const [uid, token] = path.split('/').slice(-2);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/accounts/auth/password/reset/confirm/${uid}/${token}/`,
      payload: { new_password1, new_password2 },
    });
  };
  const resetLink = async (email: string) => {
    const before = ctx.outbox().length;
    expect((await requestReset(email)).statusCode).toBe(200);
    return linkIn(
      await ctx.waitForEmail(email, { after: before }),
      'https://contests.example.com/reset-password/',
    );
  };

  it('e-mails a single-use link; the new password works, the old one and old sessions do not', async () => {
    const { email, password } = await registerAndVerify(ctx, 'forgetful@example.com');
    const oldSession = (await login(ctx, email, password)).json();
    const link = await resetLink('Forgetful@Example.com');
    expect(link).toMatch(
      /^https:\/\/contests\.example\.com\/reset-password\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]{32}$/,
    );

    const [uid, token] = link.split('/').slice(-2);
    const check = () =>
      ctx.app.inject({ method: 'GET', url: `/api/accounts/auth/password/reset/confirm/${uid}/${token}/` });
    expect((await check()).statusCode).toBe(200);

    const res = await confirm(link, 'Brand-New-Horizon-77');
    expect(res.statusCode).toBe(200);
    expect((await login(ctx, email, 'Brand-New-Horizon-77')).statusCode).toBe(200);
    expect((await login(ctx, email, password)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: oldSession.refresh },
    });
    expect(refreshed.statusCode).toBe(401);

    const reused = await confirm(link, 'Another-Fresh-Start-88');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe(MESSAGES.reset.failure);
    // The page can tell before anything is typed that the link was used.
    const used = await check();
    expect(used.statusCode).toBe(400);
    expect(used.json().detail).toBe(MESSAGES.reset.failure);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    await registerAndVerify(ctx, 'known@example.com');
    const known = await requestReset('known@example.com');
    const unknown = await requestReset('unknown-person@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ detail: MESSAGES.forgot.success });
    await ctx.waitForEmail('known@example.com', { after: 0 });
    await ctx.mailSettled();
    expect(ctx.outbox().some((m) => m.includes('unknown-person@example.com'))).toBe(false);
  });

  it('rejects weak and mismatched new passwords with field errors, keeping the link usable', async () => {
    const { email } = await registerAndVerify(ctx, 'weakling@example.com');
    const link = await resetLink(email);
    const short = await confirm(link, 'Ab1-x');
    expect(short.statusCode).toBe(400);
    expect(short.json().new_password1).toContain(MESSAGES.password.tooShort);
    expect((await confirm(link, 'password1')).json().new_password1).toContain(MESSAGES.password.tooCommon);
    expect((await confirm(link, '1234509876')).json().new_password1).toContain(
      MESSAGES.password.entirelyNumeric,
    );
    const mismatch = await confirm(link, 'Brand-New-Horizon-77', 'Brand-New-Horizon-78');
    expect(mismatch.json().new_password2).toEqual([MESSAGES.registration.passwordsDoNotMatch]);
    const missing = await confirm(link, '', '');
    expect(missing.json().new_password1).toEqual([MESSAGES.registration.required]);
    expect((await confirm(link, 'Brand-New-Horizon-77')).statusCode).toBe(200);
  });

  it('rejects expired, forged and verification tokens', async () => {
    const { email } = await registerAndVerify(ctx, 'tokens@example.com');
    const account = (await findAccountByEmail(ctx.deps.database.db, email))!;
    const uid = encodeUid(account.id);
    const twoHoursAgo = createLinkTokens(ctx.config.JWT_SECRET, () => Date.now() - 2 * 3600_000);
    const other = createLinkTokens('a-different-secret-long-enough-to-use!');
    for (const token of [
      twoHoursAgo.make('reset-password', account),
      other.make('reset-password', account),
      createLinkTokens(ctx.config.JWT_SECRET).make('verify-email', account),
      'zzz-not-a-token',
    ]) {
      const res = await confirm(`/${uid}/${token}`, 'Brand-New-Horizon-77');
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(MESSAGES.reset.failure);
    }
  });

  it('a link dies when the user signs in after requesting it', async () => {
    const { email, password } = await registerAndVerify(ctx, 'signs-in@example.com');
    const link = await resetLink(email);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await login(ctx, email, password)).statusCode).toBe(200);
    expect((await confirm(link, 'Brand-New-Horizon-77')).statusCode).toBe(400);
  });

  it('limits reset requests per address', async () => {
    await requestReset('limited@example.com');
    await requestReset('limited@example.com');
    await requestReset('limited@example.com');
    const limited = await requestReset('limited@example.com');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const malformed = await requestReset('not-an-email');
    expect(malformed.statusCode).toBe(400);
  });
});
