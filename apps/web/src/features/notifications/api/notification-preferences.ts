import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

const preferencesKey = ['notification-preferences'] as const;

/** GET /api/accounts/notification-preferences/ */
export function getPreferences(): Promise<NotificationPreferences> {
  return apiRequest<NotificationPreferences>('/api/accounts/notification-preferences/');
}

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: preferencesKey, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

/** PUT /api/accounts/notification-preferences/ with the categories that change. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      apiRequest<NotificationPreferences>('/api/accounts/notification-preferences/', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
