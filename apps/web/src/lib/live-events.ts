import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEventType } from '@app/domain';

type Listener = (type: LiveEventType, data: Record<string, unknown>) => void;
const listeners = new Set<Listener>();

/**
 * This tab's live events (issue 32). The notifications feature owns the one stream of the tab and
 * publishes each event here; a feature that shows what an event changes subscribes with
 * `useLiveInvalidation`, so features never import each other.
 */
export const liveEvents = {
  publish(type: LiveEventType, data: Record<string, unknown>) {
    for (const listener of listeners) listener(type, data);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Marks the queries under `queryKey` stale (refetching those on screen) when one of `types` arrives. */
export function useLiveInvalidation(types: LiveEventType | LiveEventType[], queryKey: QueryKey) {
  const client = useQueryClient();
  const wanted = (Array.isArray(types) ? types : [types]).join(',');
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      liveEvents.subscribe((type) => {
        if (wanted.split(',').includes(type))
          void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
      }),
    [client, wanted, key],
  );
}
