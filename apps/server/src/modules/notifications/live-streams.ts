import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES, type EventTicket } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { AccessCheck, AuthUser } from '../../plugins/auth';
import { createEventHub, type StreamSink } from './event-hub';
import * as repo from './notifications.repository';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Live updates over Server-Sent Events (issue 32). A browser's EventSource cannot send an
 * Authorization header, so the signed-in page first asks for a ticket (single use, 60 s, stored
 * hashed) and opens `GET /api/events/?ticket=`; the access token never appears in a URL.
 */
export function createLiveStreams(
  deps: Pick<AppDeps, 'database' | 'log'>,
  options: { isCurrent: AccessCheck; heartbeatMs?: number },
) {
  const db = deps.database.db;
  const hub = createEventHub(deps);
  const heartbeatMs = options.heartbeatMs ?? NOTIFICATION_LIMITS.heartbeatSeconds * 1000;

  return {
    hub,

    async ticket(user: AuthUser): Promise<EventTicket> {
      const ticket = randomBytes(32).toString('base64url');
      await repo.insertTicket(db, {
        hash: hashOf(ticket),
        userId: user.id,
        role: user.role,
        sessionId: user.sessionId ?? null,
        tokenVersion: user.tokenVersion ?? 0,
        expiresAt: new Date(Date.now() + NOTIFICATION_LIMITS.ticketSeconds * 1000),
      });
      return { ticket };
    },

    /**
     * Takes the ticket and streams the user's events until the client leaves, the session ends
     * (checked with every heartbeat) or a newer stream of the same user pushes this one out. With
     * `Last-Event-ID` (header, or `last_event_id` for a page that opens a new EventSource with a new
     * ticket), the events after it are replayed first.
     */
    async open(request: FastifyRequest, reply: FastifyReply, ticket: string, lastEventId?: number) {
      const row = await repo.takeTicket(db, hashOf(ticket));
      if (!row) throw new AppError('not_authenticated', NOTIFICATION_MESSAGES.ticketInvalid);
      const user: AuthUser = {
        id: row.userId,
        role: row.role,
        tokenVersion: row.tokenVersion,
        ...(row.sessionId ? { sessionId: row.sessionId } : {}),
      };
      if (!(await options.isCurrent(user)))
        throw new AppError('not_authenticated', NOTIFICATION_MESSAGES.ticketInvalid);
      const startAfter = lastEventId ?? (await repo.lastLiveEventId(db));

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx: pass each event on at once (the stack's config also turns buffering off).
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      request.raw.socket.setTimeout(0);
      res.write(`retry: 3000\n: connected\n\n`);

      let ended = false;
      const sink: StreamSink = {
        id: randomUUID(),
        userId: user.id,
        lastId: startAfter,
        send(event) {
          if (ended) return;
          res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
        },
        close: () => end(),
      };
      const heartbeat = setInterval(() => {
        res.write(': heartbeat\n\n');
        // The session still holds, and no newer stream pushed this one out (a NOTIFY missed).
        Promise.all([options.isCurrent(user), repo.liveStreamOpen(db, sink.id)]).then(
          ([current, open]) => {
            if (!current || !open) end();
          },
          () => {},
        );
      }, heartbeatMs);
      heartbeat.unref();
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        hub.remove(sink);
        res.end();
      }
      res.on('close', end);
      await hub.add(sink);
    },
  };
}
