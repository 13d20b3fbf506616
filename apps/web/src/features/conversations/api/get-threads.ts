import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ThreadList } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** Every conversation query starts with this key: a new message invalidates them all. */
export const conversationsKey = ['conversations'] as const;
export const threadsKey = [...conversationsKey, 'threads'] as const;

/** GET /api/threads/?page=N: the caller's threads with messages, most recently active first. */
export function getThreads(page: number): Promise<ThreadList> {
  return apiRequest<ThreadList>(`/api/threads/?page=${page}`);
}

export const threadsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: [...threadsKey, { page }],
    queryFn: () => getThreads(page),
    placeholderData: keepPreviousData,
  });

export function useThreads(page = 1) {
  return useQuery(threadsQueryOptions(page));
}

/** The navbar's badge: the unread messages of all the caller's threads. */
export function useUnreadMessages() {
  return useQuery({
    ...threadsQueryOptions(1),
    select: (list) => list.unread_total,
    // Live updates keep it current; a slow poll covers a tab whose stream could not open.
    refetchInterval: 120_000,
  });
}
