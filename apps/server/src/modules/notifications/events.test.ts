import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, type EventTicket } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { raiseLiveEvent } from './live-events';

interface ReceivedEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** An open text/event-stream read as it arrives. */
async function openStream(baseUrl: string, query: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events/?${query}`, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  let raw = '';
  let ended = false;
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        raw += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = raw.indexOf('\n\n')) >= 0) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event)
            events.push({
              id: Number(fields.id),
              event: fields.event,
              data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
            });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    res,
    events,
    ended: () => ended,
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${events.length} of ${count} events within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return events;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

describe('live updates over Server-Sent Events (issue 32)', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let baseUrl: string;
  let staff: TestUser;

  const ticketFor = async (user: TestUser, app: FastifyInstance = ctx.app) => {
    const res = await app.inject({ method: 'POST', url: '/api/events/ticket/', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<EventTicket>().ticket;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    second = await ctx.anotherApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    staff = await createUser(ctx, { role: 'staff' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('delivers an event raised by a second app instance on the same database to a stream on the first', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const stream = await openStream(baseUrl, `ticket=${await ticketFor(owner)}`);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    // Staff approve through the other instance; the e-mail job writes the notification.
    const video = await createVideoRow(ctx, owner);
    const approved = await second.inject({
      method: 'POST',
      url: `/api/staff/videos/${video.id}/approve/`,
      headers: staff.headers,
    });
    expect(approved.statusCode).toBe(200);
    const [event] = await stream.waitFor(1, 15_000);
    expect(event).toMatchObject({ event: 'notification', data: { unread: 1 } });
    // Reading it through the second instance reaches the first one's stream too.
    await second.inject({
      method: 'POST',
      url: '/api/notifications/read/',
      headers: owner.headers,
      payload: { all: true },
    });
    const events = await stream.waitFor(2);
    expect(events[1]).toMatchObject({ event: 'notification', data: { unread: 0 } });
    expect(events[1]!.id).toBeGreaterThan(events[0]!.id);
    await stream.close();
  });

  it("delivers a user's events to that user only", async () => {
    const [one, two] = [await createUser(ctx), await createUser(ctx)];
    const streamOne = await openStream(baseUrl, `ticket=${await ticketFor(one)}`);
    const streamTwo = await openStream(baseUrl, `ticket=${await ticketFor(two)}`);
    await raiseLiveEvent(ctx.deps, two.id, 'entry', { entry_id: 1, contest_id: 1 });
    await streamTwo.waitFor(1);
    await raiseLiveEvent(ctx.deps, one.id, 'entry', { entry_id: 2, contest_id: 1 });
    await streamOne.waitFor(1);
    expect(streamOne.events.map((e) => e.data.entry_id)).toEqual([2]);
    expect(streamTwo.events.map((e) => e.data.entry_id)).toEqual([1]);
    await Promise.all([streamOne.close(), streamTwo.close()]);
  });

  it('replays what was missed after Last-Event-ID (header, or last_event_id with a new ticket)', async () => {
    const user = await createUser(ctx);
    const first = await openStream(baseUrl, `ticket=${await ticketFor(user)}`);
    await raiseLiveEvent(ctx.deps, user.id, 'video', { video_id: 1, stage: 'poster' });
    const [seen] = await first.waitFor(1);
    await first.close();
    for (const stage of ['first_rendition', 'renditions']) {
      await raiseLiveEvent(ctx.deps, user.id, 'video', { video_id: 1, stage });
    }
    const resumed = await openStream(baseUrl, `ticket=${await ticketFor(user)}`, {
      'Last-Event-ID': String(seen!.id),
    });
    const replayed = await resumed.waitFor(2);
    expect(replayed.map((e) => e.data.stage)).toEqual(['first_rendition', 'renditions']);
    await resumed.close();
    const byQuery = await openStream(baseUrl, `ticket=${await ticketFor(user)}&last_event_id=${seen!.id}`);
    expect((await byQuery.waitFor(2)).map((e) => e.data.stage)).toEqual(['first_rendition', 'renditions']);
    await byQuery.close();
    // Without it, a new stream starts now: nothing old is sent.
    const fresh = await openStream(baseUrl, `ticket=${await ticketFor(user)}`);
    await raiseLiveEvent(ctx.deps, user.id, 'video', { video_id: 1, stage: 'done' });
    expect((await fresh.waitFor(1)).map((e) => e.data.stage)).toEqual(['done']);
    await fresh.close();
  });

  it('refuses a used, an expired or an unknown ticket; a ticket needs a signed-in user', async () => {
    const user = await createUser(ctx);
    const ticket = await ticketFor(user);
    const stream = await openStream(baseUrl, `ticket=${ticket}`);
    expect(stream.res.status).toBe(200);
    await stream.close();
    const again = await fetch(`${baseUrl}/api/events/?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({
      code: 'not_authenticated',
      detail: NOTIFICATION_MESSAGES.ticketInvalid,
    });

    const stale = await ticketFor(user);
    await ctx.deps.database.db.execute(
      sql`update event_tickets set expires_at = now() - interval '1 second'`,
    );
    expect((await fetch(`${baseUrl}/api/events/?ticket=${stale}`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/events/?ticket=unknown`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/events/`)).status).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/events/ticket/' })).statusCode).toBe(401);
  });

  it("closes a stream at the next heartbeat once the user's session no longer holds (here: every session ended)", async () => {
    const user = await createUser(ctx);
    const stream = await openStream(baseUrl, `ticket=${await ticketFor(user)}`);
    expect(stream.res.status).toBe(200);
    // What "log out everywhere" and deactivation do: the account's token version moves on.
    await ctx.deps.database.db.execute(
      sql`update users set token_version = token_version + 1 where id = ${user.id}`,
    );
    const deadline = Date.now() + 20_000;
    while (!stream.ended() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.ended()).toBe(true);
    await stream.close();
  }, 30_000);

  it('keeps at most five streams per user: a sixth closes the oldest', async () => {
    const user = await createUser(ctx);
    const streams = [];
    for (let i = 0; i < 6; i++) streams.push(await openStream(baseUrl, `ticket=${await ticketFor(user)}`));
    const deadline = Date.now() + 5_000;
    while (!streams[0]!.ended() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams[0]!.ended()).toBe(true);
    expect(streams.slice(1).some((s) => s.ended())).toBe(false);
    await raiseLiveEvent(ctx.deps, user.id, 'entry', { entry_id: 3, contest_id: 1 });
    for (const stream of streams.slice(1)) expect((await stream.waitFor(1))[0]!.data.entry_id).toBe(3);
    await Promise.all(streams.map((s) => s.close()));
  });

  it('counts the streams of every app process: a sixth on one instance closes the oldest on the other', async () => {
    await second.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const user = await createUser(ctx);
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openStream(baseUrl, `ticket=${await ticketFor(user)}`));
    for (let i = 0; i < 3; i++)
      streams.push(await openStream(secondUrl, `ticket=${await ticketFor(user, second)}`));
    const deadline = Date.now() + 5_000;
    while (!streams[0]!.ended() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams[0]!.ended()).toBe(true);
    expect(streams.slice(1).some((s) => s.ended())).toBe(false);
    await Promise.all(streams.map((s) => s.close()));
  });
});
