import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** Every notification query starts with this key: a new event or a read invalidates them all. */
export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications/?page=N[&unread=true]: newest first, with the unread count. */
export function getNotifications(page: number, unreadOnly = false): Promise<NotificationPage> {
  return apiRequest<NotificationPage>(`/api/notifications/?page=${page}${unreadOnly ? '&unread=true' : ''}`);
}

export const notificationsQueryOptions = (page: number, unreadOnly = false) =>
  queryOptions({
    queryKey: [...notificationsKey, 'list', { page, unreadOnly }],
    queryFn: () => getNotifications(page, unreadOnly),
    placeholderData: keepPreviousData,
  });

export function useNotifications(page: number, unreadOnly = false) {
  return useQuery(notificationsQueryOptions(page, unreadOnly));
}

/** The bell's count: the first page of unread ones (its `unread` field). */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsKey, 'unread-count'],
    queryFn: () => getNotifications(1, true),
    select: (page) => page.unread,
    // Live updates keep it current; a slow poll covers a tab whose stream could not open.
    refetchInterval: 120_000,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
