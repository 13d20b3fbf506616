import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, MarkReadResponse, NotificationPage, NotificationPreferences } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp';
import { linkIn } from '../accounts/test-support';
import { signUnsubscribeToken } from './unsubscribe-tokens';

describe('notifications: inbox, e-mail preferences and one-click unsubscribe (issue 32)', () => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let staff: TestUser;
  let bystanders: TestUser[];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const inbox = async (user: TestUser, query = '') => {
    const res = await call('GET', `/api/notifications/${query}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<NotificationPage>();
  };
  /** Notifications are written by the send-email job: wait for the e-mails to have gone out. */
  const approve = async (videoId: number) => {
    expect((await call('POST', `/api/staff/videos/${videoId}/approve/`, staff)).statusCode).toBe(200);
    await ctx.mailSettled();
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    staff = await createUser(ctx, { role: 'staff' });
    bystanders = [
      await createUser(ctx, { role: 'creator' }),
      await createUser(ctx, { role: 'brand' }),
      staff,
    ];
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("a staff approval creates one notification for the video's owner, linking to the video, and none for anybody else", async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const video = await createVideoRow(ctx, owner);
    await approve(video.id);
    const page = await inbox(owner);
    expect(page).toMatchObject({ count: 1, unread: 1, next: null, previous: null });
    expect(page.results[0]).toMatchObject({
      kind: 'video_approved',
      title: `Your video "${video.title}" is approved`,
      url: `/video/${video.id}`,
      read_at: null,
    });
    for (const other of bystanders) expect((await inbox(other)).count).toBe(0);
  });

  it('an accepted invitation notifies the staff member who sent it, and nobody else', async () => {
    const inviter = await createUser(ctx, { role: 'staff' });
    const email = 'new.colleague@example.com';
    const sent = await call('POST', '/api/staff/invitations/', inviter, { email, role: 'staff' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = await smtp.waitFor(email);
    const token = linkIn(mail!.raw, `${ctx.config.PUBLIC_URL}/invitations/`).split('/').pop()!;
    const accepted = await call('POST', `/api/accounts/invitations/${token}/accept/`, undefined, {
      password: 'Copper-Harbor-7315',
      confirm_password: 'Copper-Harbor-7315',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ctx.mailSettled();
    const page = await inbox(inviter);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      kind: 'invitation_accepted',
      title: `${email} accepted your invitation`,
      url: '/staff/accounts',
      read_at: null,
    });
    const newcomer = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/',
      headers: { authorization: `Bearer ${accepted.json<LoginResponse>().access}` },
    });
    expect(newcomer.json<NotificationPage>().count).toBe(0);
    for (const other of bystanders) expect((await inbox(other)).count).toBe(0);
  });

  it('reading marks one or all, newest first, paged; ids of another user are ignored', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const other = await createUser(ctx, { role: 'creator' });
    const theirs = await createVideoRow(ctx, other);
    await approve(theirs.id);
    const otherId = (await inbox(other)).results[0]!.id;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createVideoRow(ctx, owner));
    for (const video of made) await approve(video.id);
    const page = await inbox(owner);
    expect(page.results.map((n) => n.url)).toEqual(made.map((v) => `/video/${v.id}`).reverse());

    const first = await call('POST', '/api/notifications/read/', owner, {
      ids: [page.results[2]!.id, otherId],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<MarkReadResponse>()).toEqual({ marked: 1, unread: 2 });
    expect((await inbox(other)).unread).toBe(1);
    const unreadOnly = await inbox(owner, '?unread=true');
    expect(unreadOnly).toMatchObject({ count: 2, unread: 2 });
    expect(unreadOnly.results.every((n) => n.read_at === null)).toBe(true);

    const all = await call('POST', '/api/notifications/read/', owner, { all: true });
    expect(all.json<MarkReadResponse>()).toEqual({ marked: 2, unread: 0 });
    const after = await inbox(owner);
    expect(after.unread).toBe(0);
    expect(after.results.every((n) => n.read_at !== null)).toBe(true);
    expect((await inbox(other)).unread).toBe(1);
  });

  it('refuses a read request that names nothing, too many ids, or anything else', async () => {
    const user = bystanders[0]!;
    for (const payload of [
      {},
      { ids: [] },
      { all: false },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    ]) {
      expect(
        (await call('POST', '/api/notifications/read/', user, payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    expect((await call('GET', '/api/notifications/', undefined)).statusCode).toBe(401);
  });

  it('e-mails that can be turned off carry one-click List-Unsubscribe headers; account mails do not', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const video = await createVideoRow(ctx, owner);
    await approve(video.id);
    const [mail] = await smtp.waitFor(owner.email);
    const token = signUnsubscribeToken(ctx.config.JWT_SECRET, owner.id, 'contest_updates');
    const unfolded = mail!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toContain(`List-Unsubscribe: <${ctx.config.PUBLIC_URL}/api/unsubscribe/${token}/>`);
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // A password reset (account and security) is always sent, without the headers.
    const reset = await call('POST', '/api/accounts/auth/password/reset/', undefined, { email: owner.email });
    expect(reset.statusCode).toBeLessThan(300);
    const [, resetMail] = await smtp.waitFor(owner.email, 2);
    expect(resetMail!.raw).not.toContain('List-Unsubscribe');
  });

  it('the unsubscribe POST works without a session, turns off only its category, and stops those e-mails (the inbox still gets them)', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const token = signUnsubscribeToken(ctx.config.JWT_SECRET, owner.id, 'contest_updates');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${token}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ category: 'contest_updates' });
    const prefs = await call('GET', '/api/accounts/notification-preferences/', owner);
    expect(prefs.json<NotificationPreferences>()).toEqual({
      contest_updates: false,
      review_notes: true,
      results: true,
      announcements: true,
    });
    const video = await createVideoRow(ctx, owner);
    await approve(video.id);
    expect(smtp.to(owner.email)).toHaveLength(0);
    expect((await inbox(owner)).count).toBe(1);

    // A forged or altered token turns nothing off.
    const forged = token.replace('contest_updates', 'review_notes');
    expect((await call('POST', `/api/unsubscribe/${forged}/`)).statusCode).toBe(404);
    expect((await call('POST', '/api/unsubscribe/garbage/')).statusCode).toBe(404);
    expect((await call('GET', '/api/accounts/notification-preferences/', owner)).json()).toMatchObject({
      review_notes: true,
    });
  });

  it('saves preferences per category; account mails have no switch', async () => {
    const user = await createUser(ctx, { role: 'brand' });
    const res = await call('PUT', '/api/accounts/notification-preferences/', user, { results: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<NotificationPreferences>()).toMatchObject({ results: false, contest_updates: true });
    const again = await call('PUT', '/api/accounts/notification-preferences/', user, {
      results: true,
      announcements: false,
    });
    expect(again.json<NotificationPreferences>()).toMatchObject({ results: true, announcements: false });
    expect(
      (await call('PUT', '/api/accounts/notification-preferences/', user, { account: false })).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', '/api/accounts/notification-preferences/', user, { results: 'no' })).statusCode,
    ).toBe(400);
  });
});
