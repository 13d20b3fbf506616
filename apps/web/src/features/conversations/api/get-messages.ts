import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePage, ThreadKind } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { conversationsKey, threadsKey } from './get-threads';

/** The thread's URL: `/api/applications/{id}/messages/` or `/api/entries/{id}/messages/`. */
export const messagesUrl = (kind: ThreadKind, id: number | string) =>
  `/api/${kind === 'application' ? 'applications' : 'entries'}/${id}/messages/`;

/**
 * GET …/messages/[?before=<id>]: a page of messages, oldest first; without `before` the newest
 * page, whose read marks the thread read for the caller.
 */
export function getMessages(kind: ThreadKind, id: number | string, before?: number): Promise<MessagePage> {
  return apiRequest<MessagePage>(`${messagesUrl(kind, id)}${before ? `?before=${before}` : ''}`);
}

export const threadKey = (kind: ThreadKind, id: number | string) =>
  [...conversationsKey, 'thread', kind, String(id)] as const;

/** The thread's pages: the newest first, then each older one ("load earlier"). */
export const threadQueryOptions = (kind: ThreadKind, id: number | string) =>
  infiniteQueryOptions({
    queryKey: threadKey(kind, id),
    queryFn: ({ pageParam }) => getMessages(kind, id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/**
 * The thread, read only once `visible` (reading it marks it read); each read of the newest page
 * refreshes the unread counts (the inbox and the navbar's badge).
 */
export function useThread(kind: ThreadKind, id: number | string, visible: boolean) {
  const client = useQueryClient();
  const query = useInfiniteQuery({ ...threadQueryOptions(kind, id), enabled: visible });
  const newestRead = query.dataUpdatedAt;
  useEffect(() => {
    if (newestRead) void client.invalidateQueries({ queryKey: threadsKey });
  }, [client, newestRead]);
  return query;
}
