import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@app/domain';
import { eq } from 'drizzle-orm';
import { creatorProfiles } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createLinkTokens, encodeUid } from './account-tokens';
import { findAccountByEmail } from './accounts.repository';
import { RATE_LIMITS } from './accounts.service';
import { linkIn, login, nextIp, register, STRONG_PASSWORD } from './test-support';

describe('sign-up and e-mail verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://contests.example.com' });
  });
  afterAll(() => ctx.close());

  const good = (email: string) => ({
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
    role: 'brand',
    phone_number: '',
  });
  const verifyUrl = (link: string) => {
    const [uid, token] = link.split('/').slice(-2);
    return `/api/accounts/auth/verify_email/${uid}/${token}/`;
  };

  it('creates an inactive creator (never the requested role) and e-mails a PUBLIC_URL link', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/register/',
      payload: good('New.Creator@Example.com'),
      headers: { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const account = await findAccountByEmail(ctx.deps.database.db, 'new.creator@example.com');
    expect(account).toMatchObject({ role: 'creator', isActive: false });
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await ctx.waitForEmail('new.creator@example.com');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).not.toContain('evil.example.net');
    const link = linkIn(mail, 'https://contests.example.com/verify-email/');
    expect(link).toMatch(/\/verify-email\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]{32}$/);

    // Before verification: no tokens.
    const early = await login(ctx, 'new.creator@example.com', STRONG_PASSWORD);
    expect(early.json()).toMatchObject({ require_verification: true });

    const verified = await ctx.app.inject({ method: 'GET', url: verifyUrl(link) });
    expect(verified.statusCode).toBe(200);
    expect((await login(ctx, 'new.creator@example.com', STRONG_PASSWORD)).statusCode).toBe(200);

    // The link is single use; a second visit says the address is already verified.
    const again = await ctx.app.inject({ method: 'GET', url: verifyUrl(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toContain('already verified');
    expect(again.json().detail).toBe(ACCOUNT_MESSAGES.alreadyVerified);
    expect(again.json().code).toBe('already_verified');
  });

  it('makes a voter (no creator profile) whose verification link returns to a same-site path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/register/',
      payload: { ...good('new.voter@example.com'), account_type: 'voter', next: '/contests/1/vote' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const account = await findAccountByEmail(ctx.deps.database.db, 'new.voter@example.com');
    expect(account).toMatchObject({ role: 'voter', isActive: false });
    const profiles = await ctx.deps.database.db
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, account!.id));
    expect(profiles).toEqual([]);
    const link = linkIn(
      await ctx.waitForEmail('new.voter@example.com'),
      'https://contests.example.com/verify-email/',
    );
    expect(link).toMatch(/\?next=%2Fcontests%2F1%2Fvote$/);
    const verified = await ctx.app.inject({ method: 'GET', url: verifyUrl(link.split('?')[0]!) });
    expect(verified.statusCode).toBe(200);
    const signedIn = await login(ctx, 'new.voter@example.com', STRONG_PASSWORD);
    expect(signedIn.json().user.role).toBe('voter');
  });

  it.each([
    'https://evil.example.net/',
    '//evil.example.net/x',
    '/\\evil.example.net',
    'javascript:alert(1)',
  ])('refuses a sign-up whose return path %s is not a path of the site', async (next) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/register/',
      payload: { ...good('open.redirect@example.com'), account_type: 'voter', next },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(await findAccountByEmail(ctx.deps.database.db, 'open.redirect@example.com')).toBeUndefined();
  });

  it('reports missing fields, a malformed e-mail and mismatched passwords per field', async () => {
    const missing = await register(ctx, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      email: [MESSAGES.registration.required],
      password: [MESSAGES.registration.required],
      confirm_password: [MESSAGES.registration.required],
      detail: MESSAGES.registration.required,
    });
    const malformed = await register(ctx, good('not-an-email'));
    expect(malformed.json().email).toEqual([MESSAGES.registration.invalidEmail]);
    const mismatch = await register(ctx, {
      ...good('mismatch@example.com'),
      confirm_password: 'Other-Password-991',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().confirm_password).toEqual([MESSAGES.registration.passwordsDoNotMatch]);
  });

  it.each([
    ['short', 'Ab1-xyz', MESSAGES.password.tooShort],
    ['entirely numeric', '8675309142', MESSAGES.password.entirelyNumeric],
    ['common', 'Password1234', MESSAGES.password.tooCommon],
    ['common (letmein12345)', 'letmein12345', MESSAGES.password.tooCommon],
    ['too similar to the e-mail', 'jonathan.smithers', MESSAGES.password.tooSimilar],
  ])('rejects a %s password', async (_name, password, message) => {
    const res = await register(ctx, {
      ...good('jonathan.smithers@example.com'),
      password,
      confirm_password: password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().password).toContain(message);
  });

  it('treats a taken e-mail (any case) as an e-mail field error', async () => {
    expect((await register(ctx, good('taken@example.com'))).statusCode).toBe(201);
    const res = await register(ctx, good('TAKEN@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json().email).toEqual([MESSAGES.registration.emailTaken]);
  });

  it('rejects forged, malformed and expired verification links', async () => {
    expect((await register(ctx, good('expiring@example.com'))).statusCode).toBe(201);
    const account = (await findAccountByEmail(ctx.deps.database.db, 'expiring@example.com'))!;
    const uid = encodeUid(account.id);
    const fourDaysAgo = createLinkTokens(ctx.config.JWT_SECRET, () => Date.now() - 4 * 86400_000);
    const expired = fourDaysAgo.make('verify-email', account);
    const forged = createLinkTokens('some-other-secret-that-is-long-enough!!').make('verify-email', account);
    const resetToken = createLinkTokens(ctx.config.JWT_SECRET).make('reset-password', account);
    for (const url of [
      `/api/accounts/auth/verify_email/${uid}/${expired}/`,
      `/api/accounts/auth/verify_email/${uid}/${forged}/`,
      `/api/accounts/auth/verify_email/${uid}/${resetToken}/`,
      `/api/accounts/auth/verify_email/${uid}/garbage/`,
      `/api/accounts/auth/verify_email/${encodeUid(999999)}/${expired}/`,
      `/api/accounts/auth/verify_email/${Buffer.from('abc').toString('base64url')}/${expired}/`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toBe(MESSAGES.verification.invalidOrExpired);
    }
    expect((await findAccountByEmail(ctx.deps.database.db, 'expiring@example.com'))!.isActive).toBe(false);
  });

  it('resends the verification e-mail with one answer for every address, throttled per address', async () => {
    expect((await register(ctx, good('resend@example.com'))).statusCode).toBe(201);
    await ctx.waitForEmail('resend@example.com');
    const before = ctx.outbox().length;
    const resend = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/accounts/auth/resend-verification/',
        payload: { email },
        remoteAddress: nextIp(),
      });
    const known = await resend('Resend@Example.com');
    const unknown = await resend('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: MESSAGES.resend.sent });
    expect(unknown.json()).toEqual(known.json());
    await ctx.waitForEmail('resend@example.com', { after: before });
    expect((await resend('resend@example.com')).statusCode).toBe(200);
    expect((await resend('resend@example.com')).statusCode).toBe(200);
    const limited = await resend('resend@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Both links stay valid until the account is verified.
    const messages = ctx.outbox().filter((m) => m.includes('resend@example.com'));
    expect(messages.length).toBeGreaterThanOrEqual(2);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/resend-verification/',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it('limits sign-ups per client', async () => {
    const ip = '10.250.0.1';
    for (let i = 0; i < RATE_LIMITS.register.perClient; i++)
      await register(ctx, { email: `bulk${i}@example.com` }, ip);
    const limited = await register(ctx, good('bulk-last@example.com'), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('logs the link only in outbox mode, and never a password', async () => {
    const { default: pino } = await import('pino');
    const { createAccountsService } = await import('./accounts.service');
    const { accountsPorts } = await import('../index');
    const capture = async (smtpUrl: string | undefined, email: string) => {
      const lines: string[] = [];
      const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
      const service = createAccountsService(
        { ...ctx.deps, config: { ...ctx.config, SMTP_URL: smtpUrl }, log },
        accountsPorts,
      );
      await service.register(
        { email, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
        nextIp(),
      );
      return lines.join('\n');
    };
    const outboxMode = await capture(undefined, 'outbox-mode@example.com');
    expect(outboxMode).toContain('https://contests.example.com/verify-email/');
    expect(outboxMode).not.toContain(STRONG_PASSWORD);
    const smtpMode = await capture('smtp://127.0.0.1:9', 'smtp-mode@example.com');
    expect(smtpMode).not.toContain('/verify-email/');
    expect(smtpMode).not.toContain(STRONG_PASSWORD);
  });
  it('serves the verification and reset pages with Referrer-Policy: no-referrer', async () => {
    for (const url of ['/verify-email/MQ/abc-def', '/reset-password/MQ/abc-def']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    const other = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(other.headers['referrer-policy']).not.toBe('no-referrer');
  });
});
