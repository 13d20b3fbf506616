import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_MESSAGES } from '@app/domain';
import { users } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { createEmailUndoTokens } from './email-change';

const PROFILE_URL = '/api/accounts/auth/creator-profile/';

// M2 (issue 18): changing the e-mail address cannot take an account over.
describe('e-mail change: password, notice to the old address with an undo link, other sessions end', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const signIn = async (user: TestUser) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      payload: { email: user.email, password: user.password },
      remoteAddress: `10.77.${user.id & 255}.1`,
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().access as string}` };
  };
  const me = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/accounts/me/', headers });
  const change = async (headers: Record<string, string>, body: Record<string, string>) => {
    const get = await ctx.app.inject({ method: 'GET', url: PROFILE_URL, headers });
    const csrf = get.cookies.find((c) => c.name === 'csrftoken')!.value;
    return ctx.app.inject({
      method: 'PATCH',
      url: PROFILE_URL,
      headers: { ...headers, cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      payload: body,
    });
  };
  const emailOf = async (id: number) =>
    (
      await ctx.deps.database.db
        .select({ email: users.email, pending: users.pendingEmail })
        .from(users)
        .where(eq(users.id, id))
    )[0]!;
  const undoPath = (mail: string) =>
    new URL(
      /https?:\/\/\S+\/api\/accounts\/auth\/undo-email-change\/[^/\s]+\//.exec(
        mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
      )![0],
    ).pathname;
  const confirmPath = (mail: string) =>
    new URL(
      /https?:\/\/\S+\/api\/accounts\/auth\/confirm-email-change\/[^/\s]+\//.exec(
        mail.replace(/=\r?\n/g, ''),
      )![0],
    ).pathname;

  it('requires the current password: none or a wrong one changes nothing and sends nothing', async () => {
    const creator = await createUser(ctx);
    const newEmail = `taken-over-${creator.id}@example.com`;
    const missing = await change(creator.headers, { email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().current_password).toEqual([CREATOR_MESSAGES.currentPasswordRequired]);
    const wrong = await change(creator.headers, { email: newEmail, current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().current_password).toEqual([CREATOR_MESSAGES.currentPasswordWrong]);
    expect(await emailOf(creator.id)).toEqual({ email: creator.email, pending: null });
    expect(ctx.outbox().some((m) => m.includes(newEmail))).toBe(false);
    // Other profile fields still save without a password.
    expect((await change(creator.headers, { bio: 'Still me.' })).statusCode).toBe(200);
  });

  it('refuses an account without a password (Google only) with a way forward', async () => {
    const creator = await createUser(ctx);
    await ctx.deps.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, creator.id));
    const res = await change(creator.headers, {
      email: `g-${creator.id}@example.com`,
      current_password: 'anything-at-all',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().current_password).toEqual([CREATOR_MESSAGES.emailChangeNeedsPassword]);
  });

  it('ends the other sessions at once and keeps the one that asked', async () => {
    const creator = await createUser(ctx);
    const other = await signIn(creator);
    const mine = await signIn(creator);
    const res = await change(mine, {
      email: `moved-${creator.id}@example.com`,
      current_password: creator.password,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(200);
  });

  it('tells the old address, whose link undoes the change after it was confirmed and ends every session', async () => {
    const creator = await createUser(ctx);
    const session = await signIn(creator);
    const newEmail = `thief-${creator.id}@example.com`;
    expect((await change(session, { email: newEmail, current_password: creator.password })).statusCode).toBe(
      200,
    );
    const notice = await ctx.waitForEmail(creator.email);
    expect(notice).toContain('Subject: Your e-mail address is being changed');
    expect(notice).toContain(newEmail);
    const confirmed = await ctx.app.inject({
      method: 'GET',
      url: confirmPath(await ctx.waitForEmail(newEmail)),
    });
    expect(confirmed.headers.location).toBe('/verification-success');
    expect((await emailOf(creator.id)).email).toBe(newEmail);

    const undo = await ctx.app.inject({ method: 'GET', url: undoPath(notice) });
    expect(undo.statusCode).toBe(303);
    expect(undo.headers.location).toBe('/forgot-password?email-change-undone=1');
    expect(await emailOf(creator.id)).toEqual({ email: creator.email, pending: null });
    expect((await me(session)).statusCode).toBe(401);
    // Once only.
    const again = await ctx.app.inject({ method: 'GET', url: undoPath(notice) });
    expect(again.headers.location).toBe('/verification-failed');
  });

  it('undoes a change still pending, and refuses an expired or forged undo link', async () => {
    const creator = await createUser(ctx);
    const session = await signIn(creator);
    await change(session, { email: `pending-${creator.id}@example.com`, current_password: creator.password });
    const notice = await ctx.waitForEmail(creator.email);
    const expired = createEmailUndoTokens(ctx.config.JWT_SECRET, -60).sign(creator.id, creator.email, 0);
    const late = await ctx.app.inject({
      method: 'GET',
      url: `/api/accounts/auth/undo-email-change/${expired}/`,
    });
    expect(late.headers.location).toBe('/verification-failed');
    const forged = createEmailUndoTokens('not-the-secret').sign(creator.id, 'attacker@example.com', 0);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/accounts/auth/undo-email-change/${forged}/`,
    });
    expect(bad.headers.location).toBe('/verification-failed');
    expect((await emailOf(creator.id)).pending).toBe(`pending-${creator.id}@example.com`);
    const undo = await ctx.app.inject({ method: 'GET', url: undoPath(notice) });
    expect(undo.headers.location).toBe('/forgot-password?email-change-undone=1');
    expect(await emailOf(creator.id)).toEqual({ email: creator.email, pending: null });
  });
});
