import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES, type EventTicket } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { AccessCheck, Caller } from '../../plugins/auth';
import { createEventHub, type StreamSink } from './event-hub';
import { ticketHolder } from './notifications.policy';
import * as repo from './notifications.repository';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * How long a stream ended by a restart asks its EventSource to wait before reconnecting: this plus
 * up to as much again at random, so a process's streams do not all come back in the same instant.
 */
const RECONNECT_MS = 500;

/**
 * Live updates over Server-Sent Events (issue 32). A browser's EventSource cannot send an
 * Authorization header, so the signed-in page first asks for a ticket (single use, 60 s, stored
 * hashed) and opens `GET /api/events/?ticket=`; the access token never appears in a URL.
 */
export function createLiveStreams(
  deps: Pick<AppDeps, 'database' | 'log' | 'metrics'>,
  options: { isCurrent: AccessCheck; heartbeatMs?: number },
) {
  const db = deps.database.db;
  const hub = createEventHub(deps);
  const heartbeatMs = options.heartbeatMs ?? NOTIFICATION_LIMITS.heartbeatSeconds * 1000;
  /** Set once the process is stopping (close()). */
  let closing = false;
  /** Each open stream's way to end with a reconnect hint (close()). */
  const reconnects = new Set<() => void>();

  return {
    hub,

    /**
     * The process is stopping (a restart): a new stream is refused with 503, which the balancer
     * retries on another process, and each open stream gets an SSE `retry:` hint and ends, so its
     * EventSource reconnects, through the balancer, to a process that stays.
     */
    async close(): Promise<void> {
      closing = true;
      for (const reconnect of [...reconnects]) reconnect();
      await hub.close();
    },

    async ticket(user: Caller): Promise<EventTicket> {
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
      // Refused before the ticket is taken, so the balancer can retry this GET, ticket and all, on
      // a process that stays (nginx passes a 503 on to the next server).
      if (closing)
        throw new AppError('unavailable', MESSAGES.generic.serverError, {}, { 'Retry-After': '1' });
      const row = await repo.takeTicket(db, hashOf(ticket));
      if (!row) throw new AppError('not_authenticated', NOTIFICATION_MESSAGES.ticketInvalid);
      const user = await ticketHolder(row, options.isCurrent);
      if (!user) throw new AppError('not_authenticated', NOTIFICATION_MESSAGES.ticketInvalid);
      const startAfter = lastEventId ?? (await repo.lastLiveEventId(db));

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        // The connection ends with the stream: the balancer never reuses it for another request,
        // so a restart that ends the stream cannot close it under a request sent on it meanwhile.
        Connection: 'close',
        // nginx: pass each event on at once (the stack's config also turns buffering off).
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      request.raw.socket.setTimeout(0);
      res.write(`retry: 3000\n: connected\n\n`);

      let ended = false;
      const reconnect = () => {
        if (ended) return;
        res.write(`retry: ${RECONNECT_MS + Math.floor(Math.random() * RECONNECT_MS)}\n: restarting\n\n`);
        end();
      };
      reconnects.add(reconnect);
      const streamClosed = deps.metrics.streamOpened();
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
        reconnects.delete(reconnect);
        streamClosed();
        hub.remove(sink);
        res.end();
      }
      res.on('close', end);
      // The process began stopping while this stream was being opened: on to another one.
      if (closing) return reconnect();
      await hub.add(sink);
    },
  };
}
