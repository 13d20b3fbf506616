import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERSATION_MESSAGES,
  type ConversationMessage,
  type EventTicket,
  type MessagePage,
  type ThreadList,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { applications, auditLog, contests, conversationMessages, liveEvents } from '../../db/schema/index';
import { makeEntry, makeJudgingContest, type JudgingContest } from '../judging/test-support';

/** A captured message's text: folded headers unfolded, quoted-printable undone (soft breaks, bytes). */
function readable(raw: string): string {
  const bytes = raw
    .replace(/\r?\n(?=[ \t])/g, '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The digest window the tests run with (seconds): short, so a digest goes out while the test waits. */
const DIGEST_SECONDS = 2;

describe('conversations (issue 49): a thread on every application and entry', () => {
  let ctx: TestContext;
  let contestA: JudgingContest;
  let contestB: JudgingContest;
  let creator: TestUser;
  let otherCreator: TestUser;
  let creatorB: TestUser;
  let owner: TestUser;
  let manager: TestUser;
  let reviewer: TestUser;
  let viewer: TestUser;
  let ownerB: TestUser;
  let staff: TestUser;
  let entryId: number;
  let applicationId: number;
  let otherEntryId: number;
  let entryB: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user?: TestUser,
    payload?: Record<string, unknown>,
  ) =>
    ctx.app.inject({
      method,
      url,
      ...(user ? { headers: user.headers } : {}),
      ...(payload ? { payload } : {}),
    });
  const post = (url: string, user: TestUser, body: string) => call('POST', url, user, { body });
  const page = async (url: string, user: TestUser) => {
    const res = await call('GET', url, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MessagePage>();
  };
  const threads = async (user: TestUser) => {
    const res = await call('GET', '/api/threads/', user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ThreadList>();
  };
  const entryThread = (id: number) => `/api/entries/${id}/messages/`;
  const applicationThread = (id: number) => `/api/applications/${id}/messages/`;

  /** A fresh creator with a (selected) application and an entry in contest A. */
  async function freshEntrant(firstName = 'Fresh', contest = contestA) {
    const user = await createUser(ctx, { role: 'creator', firstName, lastName: 'Entrant' });
    const { entryId: id } = await makeEntry(ctx.deps.database.db, contest, user);
    return { user, entryId: id };
  }

  beforeAll(async () => {
    ctx = await createTestContext({ MESSAGE_DIGEST_SECONDS: String(DIGEST_SECONDS) });
    const db = ctx.deps.database.db;
    contestA = await makeJudgingContest(db, { title: 'Chair Stories' });
    contestB = await makeJudgingContest(db, { title: 'Other Brand Contest' });
    creator = await createUser(ctx, { role: 'creator', firstName: 'Cora', lastName: 'Creator' });
    otherCreator = await createUser(ctx, { role: 'creator', firstName: 'Olga', lastName: 'Other' });
    creatorB = await createUser(ctx, { role: 'creator', firstName: 'Bea', lastName: 'Bee' });
    const member = (brandRole: 'owner' | 'manager' | 'reviewer' | 'viewer', brandId = contestA.brandId) =>
      createUser(ctx, { role: 'brand', brandId, brandRole, firstName: brandRole, lastName: 'Member' });
    owner = await member('owner');
    manager = await member('manager');
    reviewer = await member('reviewer');
    viewer = await member('viewer');
    ownerB = await member('owner', contestB.brandId);
    staff = await createUser(ctx, { role: 'staff', firstName: 'Stan', lastName: 'Staff' });
    entryId = (await makeEntry(db, contestA, creator)).entryId;
    otherEntryId = (await makeEntry(db, contestA, otherCreator)).entryId;
    entryB = (await makeEntry(db, contestB, creatorB)).entryId;
    const [application] = await db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.contestId, contestA.id), eq(applications.userId, creator.id)));
    applicationId = application!.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the creator, the brand’s owner, manager and reviewer and staff write; a viewer reads only (403); each message says its side', async () => {
    const url = entryThread(entryId);
    const empty = await page(url, creator);
    expect(empty).toEqual({ messages: [], next_before: null, can_post: true });

    const first = await post(url, creator, '  Hello, is a 9:16 cut fine?  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<ConversationMessage>()).toMatchObject({
      author: { id: creator.id, name: 'Cora Creator', side: 'creator' },
      body: 'Hello, is a 9:16 cut fine?',
      hidden: false,
      hidden_reason: null,
    });
    for (const user of [owner, manager, reviewer])
      expect((await post(url, user, `Yes, from ${user.email}`)).statusCode).toBe(201);
    const fromStaff = await post(url, staff, 'The platform team is here to help.');
    expect(fromStaff.json()).toMatchObject({ author: { name: 'Stan Staff', side: 'staff' } });

    const refused = await post(url, viewer, 'May I?');
    expect(refused.statusCode).toBe(403);
    const asViewer = await page(url, viewer);
    expect(asViewer.can_post).toBe(false);
    expect(asViewer.messages.map((m) => m.author.side)).toEqual([
      'creator',
      'brand',
      'brand',
      'brand',
      'staff',
    ]);
    expect(asViewer.messages[1]!.author.name).toBe('owner Member');
    // The brand's post is audited; the creator's is not.
    const audited = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.post'), eq(auditLog.targetId, String(entryId))));
    expect(audited).toHaveLength(4);

    // Applications have their thread too.
    const onApplication = await post(applicationThread(applicationId), owner, 'Thanks for applying!');
    expect(onApplication.statusCode).toBe(201);
    expect((await page(applicationThread(applicationId), creator)).messages).toHaveLength(1);
  });

  it('keeps threads apart: another creator, another brand and strangers get 404; nobody signed in 401', async () => {
    await post(entryThread(otherEntryId), otherCreator, 'My own question');
    for (const [user, url] of [
      [otherCreator, entryThread(entryId)],
      [creator, entryThread(otherEntryId)],
      [ownerB, entryThread(entryId)],
      [ownerB, applicationThread(applicationId)],
      [owner, entryThread(entryB)],
      [creator, entryThread(entryB)],
    ] as const) {
      expect((await call('GET', url, user)).statusCode, `${user.email} GET ${url}`).toBe(404);
      expect((await post(url, user, 'Let me in')).statusCode, `${user.email} POST ${url}`).toBe(404);
    }
    expect((await call('GET', entryThread(999_999), staff)).statusCode).toBe(404);
    expect((await call('GET', entryThread(entryId))).statusCode).toBe(401);

    // Each inbox lists its own threads only.
    const mine = await threads(otherCreator);
    expect(mine.threads.map((t) => [t.kind, t.id])).toEqual([['entry', otherEntryId]]);
    expect(mine.threads[0]).toMatchObject({
      contest: { id: contestA.id, name: 'Chair Stories' },
      title: 'Entry to Chair Stories',
    });
    await post(entryThread(entryB), creatorB, 'Hello brand B');
    const ofB = await threads(ownerB);
    expect(ofB.threads.map((t) => t.id)).toEqual([entryB]);
    expect(ofB.threads[0]).toMatchObject({ counterpart: 'Bea Bee', unread: 1 });
    const ofA = await threads(owner);
    expect(ofA.threads.map((t) => t.id)).not.toContain(entryB);
    expect(ofA.threads.map((t) => `${t.kind}:${t.id}`)).toEqual(
      expect.arrayContaining([`entry:${entryId}`, `entry:${otherEntryId}`, `application:${applicationId}`]),
    );
    // Staff read any thread and list the ones they wrote in.
    expect((await page(entryThread(entryB), staff)).messages).toHaveLength(1);
    expect((await threads(staff)).threads.map((t) => t.id)).toEqual([entryId]);
  });

  it('follows a contest moved to another brand: its threads become that brand’s', async () => {
    const db = ctx.deps.database.db;
    const moving = await makeJudgingContest(db, { title: 'Moving Contest', brandId: contestA.brandId });
    const { user, entryId: id } = await freshEntrant('Moved', moving);
    expect((await post(entryThread(id), user, 'Before the move')).statusCode).toBe(201);
    await db.update(contests).set({ brandId: contestB.brandId }).where(eq(contests.id, moving.id));
    expect((await call('GET', entryThread(id), owner)).statusCode).toBe(404);
    expect((await page(entryThread(id), ownerB)).messages).toHaveLength(1);
    expect((await threads(ownerB)).threads.map((t) => t.id)).toContain(id);
  });

  it('staff hide a message with a reason (audited): others read "hidden by the platform team", staff the body and reason', async () => {
    const url = entryThread(entryId);
    const rude = (await post(url, creator, 'Something rude')).json<ConversationMessage>();
    expect((await call('POST', `/api/messages/${rude.id}/hide/`, owner, { reason: 'Rude' })).statusCode).toBe(
      403,
    );
    const empty = await call('POST', `/api/messages/${rude.id}/hide/`, staff, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(CONVERSATION_MESSAGES.reasonRequired);

    const hidden = await call('POST', `/api/messages/${rude.id}/hide/`, staff, { reason: 'Insulting' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ body: 'Something rude', hidden: true, hidden_reason: 'Insulting' });
    expect(
      (await call('POST', `/api/messages/${rude.id}/hide/`, staff, { reason: 'Again' })).statusCode,
    ).toBe(409);
    expect((await call('POST', '/api/messages/999999/hide/', staff, { reason: 'Gone' })).statusCode).toBe(
      404,
    );

    for (const user of [creator, owner]) {
      const seen = (await page(url, user)).messages.find((m) => m.id === rude.id)!;
      expect(seen).toMatchObject({ body: 'hidden by the platform team', hidden: true, hidden_reason: null });
    }
    const asStaff = (await page(url, staff)).messages.find((m) => m.id === rude.id)!;
    expect(asStaff).toMatchObject({ body: 'Something rude', hidden: true, hidden_reason: 'Insulting' });
    const [audit] = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.hide'), eq(auditLog.targetId, String(rude.id))));
    expect(audit).toMatchObject({ actorId: staff.id, targetType: 'message', after: { reason: 'Insulting' } });

    // The participants' open threads hear of it live (the notifications stream), staff who hid it not.
    const events = await ctx.deps.database.db
      .select({ userId: liveEvents.userId, data: liveEvents.data })
      .from(liveEvents)
      .where(eq(liveEvents.type, 'message_hidden'));
    const told = events.filter((e) => e.data.message_id === rude.id);
    expect(new Set(told.map((e) => e.userId))).toEqual(
      new Set([creator.id, owner.id, manager.id, reviewer.id, viewer.id]),
    );
    expect(told[0]!.data).toEqual({ kind: 'entry', id: entryId, message_id: rude.id });
  });

  it('pages a long thread, newest page first, older ones with ?before=', async () => {
    const { user, entryId: id } = await freshEntrant('Paging');
    const url = entryThread(id);
    const first = (await post(url, user, 'Message 1')).json<ConversationMessage>();
    const threadId = (
      await ctx.deps.database.db
        .select({ threadId: conversationMessages.threadId })
        .from(conversationMessages)
        .where(eq(conversationMessages.id, first.id))
    )[0]!.threadId;
    await ctx.deps.database.db.insert(conversationMessages).values(
      Array.from({ length: 119 }, (_, i) => ({
        threadId,
        authorId: user.id,
        authorSide: 'creator' as const,
        body: `Message ${i + 2}`,
      })),
    );
    const newest = await page(url, owner);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages[0]!.body).toBe('Message 71');
    expect(newest.messages[49]!.body).toBe('Message 120');
    const older = await page(`${url}?before=${newest.next_before}`, owner);
    expect(older.messages.map((m) => m.body)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Message ${i + 21}`),
    );
    const oldest = await page(`${url}?before=${older.next_before}`, owner);
    expect(oldest.messages).toHaveLength(20);
    expect(oldest.messages[0]!.body).toBe('Message 1');
    expect(oldest.next_before).toBeNull();
    expect((await call('GET', `${url}?before=abc`, owner)).statusCode).toBe(400);
  });

  it('counts unread messages per thread and in total, per person; reading the newest page marks it read', async () => {
    const { user, entryId: id } = await freshEntrant('Unread');
    const url = entryThread(id);
    for (const n of [1, 2, 3]) await post(url, user, `Question ${n}`);
    const before = await threads(manager);
    const thread = before.threads.find((t) => t.kind === 'entry' && t.id === id)!;
    expect(thread).toMatchObject({
      unread: 3,
      counterpart: 'Unread Entrant',
      last_message: { preview: 'Question 3', author_side: 'creator' },
    });
    expect(before.unread_total).toBeGreaterThanOrEqual(3);
    expect((await threads(user)).threads[0]).toMatchObject({
      id,
      unread: 0,
      counterpart: expect.any(String),
    });

    await page(url, manager);
    const after = await threads(manager);
    expect(after.threads.find((t) => t.id === id)!.unread).toBe(0);
    expect(after.unread_total).toBe(before.unread_total - 3);
    // The reviewer's count is their own.
    expect((await threads(reviewer)).threads.find((t) => t.id === id)!.unread).toBe(3);
    // An answer is unread for the creator until they read it.
    await post(url, manager, 'Answer');
    expect((await threads(user)).unread_total).toBe(1);
    await page(url, user);
    expect((await threads(user)).unread_total).toBe(0);
  });

  it('refuses the tokens of a removed member and of a deactivated creator at once', async () => {
    const { user, entryId: id } = await freshEntrant('Soon');
    const removable = await createUser(ctx, {
      role: 'brand',
      brandId: contestA.brandId,
      brandRole: 'manager',
    });
    expect((await call('GET', entryThread(id), removable)).statusCode).toBe(200);
    expect((await call('GET', entryThread(id), user)).statusCode).toBe(200);

    const removed = await call('DELETE', `/api/brands/${contestA.brandId}/members/${removable.id}/`, staff);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', entryThread(id), removable)).statusCode).toBe(401);
    expect((await post(entryThread(id), removable, 'Still here?')).statusCode).toBe(401);
    expect((await call('GET', '/api/threads/', removable)).statusCode).toBe(401);

    const deactivated = await call('POST', `/api/staff/users/${user.id}/deactivate/`, staff);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await call('GET', entryThread(id), user)).statusCode).toBe(401);
    expect((await post(entryThread(id), user, 'Hello?')).statusCode).toBe(401);
  });

  it('bounds a message to 1..4,000 characters, in the spec’s words', async () => {
    const url = entryThread(entryId);
    for (const body of ['', '   \n ']) {
      const res = await post(url, creator, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Message is required');
    }
    const long = await post(url, creator, 'x'.repeat(4_001));
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe('Message must be at most 4000 characters');
    expect((await call('POST', url, creator, {})).statusCode).toBe(400);
    expect((await post(url, creator, 'x'.repeat(4_000))).statusCode).toBe(201);
  });

  it('limits one person to 60 messages in 10 minutes (429 with Retry-After)', async () => {
    const { user, entryId: id } = await freshEntrant('Chatty');
    for (let n = 1; n <= 60; n++)
      expect((await post(entryThread(id), user, `Line ${n}`)).statusCode).toBe(201);
    const refused = await post(entryThread(id), user, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await page(entryThread(id), owner)).messages).toHaveLength(50);
  });

  it('e-mails one digest per thread per recipient for several messages; not to who read them, nor to who turned it off', async () => {
    const digested = await makeJudgingContest(ctx.deps.database.db, {
      title: 'Digest Days',
      brandId: contestA.brandId,
    });
    const { user, entryId: id } = await freshEntrant('Digest', digested);
    const title = 'Entry to Digest Days';
    const off = await call('PUT', '/api/accounts/notification-preferences/', reviewer, {
      review_notes: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const url = entryThread(id);
    for (const n of [1, 2, 3]) expect((await post(url, user, `Digest line ${n}`)).statusCode).toBe(201);
    await page(url, viewer); // read before the digest is due: no e-mail for the viewer

    const mail = readable(await ctx.waitForEmail(owner.email, { containing: title }));
    expect(mail).toContain(`${title}: 3 new messages`);
    for (const n of [1, 2, 3]) expect(mail).toContain(`Digest line ${n}`);
    await digestsSettled();
    expect(ctx.mailsTo(owner.email, title)).toHaveLength(1);
    expect(ctx.mailsTo(manager.email, title)).toHaveLength(1);
    expect(ctx.mailsTo(viewer.email, title)).toHaveLength(0);
    expect(ctx.mailsTo(reviewer.email, title)).toHaveLength(0);
    expect(ctx.mailsTo(user.email, title)).toHaveLength(0);

    // The next message makes the next digest, with only what is new since the last.
    await post(url, user, 'Digest line 4');
    const sent = ctx.outbox().length;
    const next = readable(await ctx.waitForEmail(owner.email, { containing: title, after: sent }));
    expect(next).toContain(`${title}: a new message`);
    expect(next).toContain('Digest line 4');
    expect(next).not.toContain('Digest line 1');
  });

  it('delivers a new message live to the other participants’ notification streams', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const { user, entryId: id } = await freshEntrant('Live');
    const ticket = await call('POST', '/api/events/ticket/', owner);
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/events/?ticket=${ticket.json<EventTicket>().ticket}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const received = (async () => {
      let raw = '';
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        raw += decoder.decode(chunk, { stream: true });
        const block = raw.split('\n\n').find((b) => b.includes('event: message'));
        if (block)
          return JSON.parse(
            block
              .split('\n')
              .find((l) => l.startsWith('data:'))!
              .slice(5),
          );
      }
      return null;
    })();
    const sent = (await post(entryThread(id), user, 'Are you there?')).json<ConversationMessage>();
    const event = await Promise.race([
      received,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no live event within 10 s')), 10_000)),
    ]);
    expect(event).toMatchObject({ kind: 'entry', id, message_id: sent.id, unread_total: expect.any(Number) });
    controller.abort();
    await received.catch(() => null);
  });

  /** Until no digest job is waiting or running (the window passed and each ran). */
  async function digestsSettled() {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await ctx.deps.database.query(
        `select count(*)::int as n from pgboss.job
          where name = 'conversation-digest' and state in ('created', 'retry', 'active')`,
      );
      if ((rows[0] as { n: number }).n === 0) break;
      if (Date.now() > deadline) throw new Error('digests still queued');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await ctx.mailSettled();
  }
});
