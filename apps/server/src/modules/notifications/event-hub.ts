import { NOTIFICATION_LIMITS } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import * as repo from './notifications.repository';
import { runForRequest } from '../../lib/request-context';

/** What a stream does with an event: write it to its response. */
export interface StreamSink {
  /** The stream's id in `live_streams` (every process's open streams). */
  id: string;
  userId: number;
  /** The last event id this stream delivered (or started after). */
  lastId: number;
  send(event: repo.LiveEventRow): void;
  /** Ends the stream (replaced by a newer one of the same user, or the process is closing). */
  close(): void;
}

/** How often a hub reads new events even without a NOTIFY (a listener connection lost a moment). */
const SAFETY_POLL_MS = 5_000;

/**
 * One per app instance: LISTENs for `live_events` NOTIFYs (PostgreSQL, on a connection of its own;
 * PGlite, through its `listen`) and hands each new event of a connected user to that user's
 * streams on this instance. An event raised by any process (another app process, a worker) wakes
 * every instance; the rows are the truth, so a NOTIFY missed (a reconnect) is caught by the next
 * one or by the slow safety poll.
 */
export function createEventHub(deps: Pick<AppDeps, 'database' | 'log'>) {
  const db = deps.database.db;
  const streams = new Map<number, StreamSink[]>();
  let stopListening: (() => Promise<void>) | undefined;
  let poll: NodeJS.Timeout | undefined;
  let closed = false;
  let reading = Promise.resolve();

  /** Reads the new events of these users (one query) and delivers each to the streams behind it. */
  const deliver = (userIds: number[]) => {
    reading = reading.then(async () => {
      const present = userIds.filter((id) => streams.has(id));
      if (!present.length) return;
      const from = Math.min(...present.flatMap((id) => streams.get(id)!.map((s) => s.lastId)));
      const events = await repo.liveEventsAfter(db, present, from).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'live events could not be read');
        return [];
      });
      for (const event of events) {
        for (const stream of streams.get(event.userId) ?? []) {
          if (event.id > stream.lastId) {
            stream.lastId = event.id;
            stream.send(event);
          }
        }
      }
    });
    return reading;
  };

  const onNotify = (payload: string) => {
    if (payload.startsWith('close:')) {
      // A newer stream of the same user (on any process) pushed this one out.
      const id = payload.slice('close:'.length);
      for (const stream of streams.values()) stream.find((s) => s.id === id)?.close();
      return;
    }
    const userId = Number(payload.split(':')[0]);
    if (streams.has(userId)) void deliver([userId]);
  };

  async function listen(): Promise<void> {
    const { database } = deps;
    if (database.pglite) {
      const unlisten = await database.pglite.listen('live_events', onNotify);
      stopListening = () => unlisten();
      return;
    }
    const client = await database.pool!.connect();
    const notified = (message: { payload?: string }) => onNotify(message.payload ?? '');
    const died = () => {
      // The connection died (a server restart): take another; the safety poll covers the gap.
      giveBack(true);
      stopListening = undefined;
      if (!closed) setTimeout(() => void listen().catch(() => {}), 1_000).unref();
    };
    // Our listeners leave with the client: once back in the pool, an error on it (the database
    // going away) is the pool's to handle, and a second release would throw.
    const giveBack = (destroy?: boolean) => {
      client.off('notification', notified);
      client.off('error', died);
      client.release(destroy);
    };
    client.on('notification', notified);
    client.on('error', died);
    await client.query('LISTEN live_events');
    stopListening = async () => {
      await client.query('UNLISTEN live_events').catch(() => {});
      giveBack();
    };
  }

  let started: Promise<void> | undefined;
  /** Starts listening with the first stream: an app that never streams holds no connection. */
  // Outside the first stream's request: the listener and the poll serve every request after it.
  const start = () =>
    (started ??= runForRequest(undefined, listen).then(() => {
      poll = setInterval(() => void deliver([...streams.keys()]), SAFETY_POLL_MS);
      poll.unref();
    }));

  return {
    /**
     * Adds a stream and delivers what it missed (events after its `lastId`). Registering it pushes
     * out the user's oldest streams beyond `NOTIFICATION_LIMITS.streamsPerUser`, on any process.
     */
    async add(stream: StreamSink): Promise<void> {
      await start();
      const list = streams.get(stream.userId) ?? [];
      list.push(stream);
      streams.set(stream.userId, list);
      await repo.registerLiveStream(db, stream.id, stream.userId, NOTIFICATION_LIMITS.streamsPerUser);
      await deliver([stream.userId]);
    },
    remove(stream: StreamSink): void {
      void repo.removeLiveStream(db, stream.id).catch(() => {});
      const list = streams.get(stream.userId);
      if (!list) return;
      const left = list.filter((s) => s !== stream);
      if (left.length) streams.set(stream.userId, left);
      else streams.delete(stream.userId);
    },
    /** Every open stream (the session check walks them). */
    all(): StreamSink[] {
      return [...streams.values()].flat();
    },
    async close(): Promise<void> {
      closed = true;
      if (poll) clearInterval(poll);
      for (const stream of this.all()) stream.close();
      streams.clear();
      await started?.catch(() => {});
      await stopListening?.();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
