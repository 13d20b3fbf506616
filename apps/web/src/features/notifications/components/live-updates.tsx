import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES, type EventTicket } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { liveEvents } from '../../../lib/live-events';
import { notificationsKey } from '../api/get-notifications';

/**
 * The first wait before reopening a stream that ended, doubled after each failed try up to the
 * most. Each wait is drawn between half and all of it: a restarting process ends all its streams
 * at once (its SSE `retry:` hint asks for 0.5–1 s, which a stream closed here cannot read), and the
 * tabs then come back spread out rather than in the same instant.
 */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;

/**
 * This tab's one live-update stream (issue 32), mounted with the navbar's bell while signed in.
 * EventSource cannot send the access token, so each connection takes a single-use ticket first;
 * after an error the stream is reopened with a new ticket and `last_event_id`, so nothing sent
 * meanwhile is lost. Each event goes to the bus (lib/live-events.ts); a notification event also
 * refreshes the bell and the inbox.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastId = '';
    let delay = RETRY_MIN_MS;

    const connect = async () => {
      try {
        const { ticket } = await apiRequest<EventTicket>('/api/events/ticket/', { method: 'POST' });
        if (stopped) return;
        const query = `ticket=${encodeURIComponent(ticket)}${lastId ? `&last_event_id=${lastId}` : ''}`;
        source = new EventSource(`/api/events/?${query}`);
      } catch {
        schedule();
        return;
      }
      source.onopen = () => {
        delay = RETRY_MIN_MS;
      };
      for (const type of LIVE_EVENT_TYPES) {
        source.addEventListener(type, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastId = message.lastEventId;
          let data: Record<string, unknown> = {};
          try {
            data = JSON.parse(message.data) as Record<string, unknown>;
          } catch {
            // An event without a body still says something changed.
          }
          if (type === 'notification') void client.invalidateQueries({ queryKey: notificationsKey });
          liveEvents.publish(type, data);
        });
      }
      // The browser would retry with the same (used) ticket: close and reopen with a new one.
      source.onerror = () => {
        source?.close();
        schedule();
      };
    };
    const schedule = () => {
      if (stopped) return;
      retry = setTimeout(() => void connect(), delay / 2 + Math.random() * (delay / 2));
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    void connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [client]);
  return null;
}
