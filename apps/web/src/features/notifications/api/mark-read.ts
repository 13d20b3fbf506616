import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadBody, MarkReadResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKey } from './get-notifications';

/** POST /api/notifications/read/ with `{ids}` or `{all: true}`. */
export function markRead(body: MarkReadBody): Promise<MarkReadResponse> {
  return apiRequest<MarkReadResponse>('/api/notifications/read/', { method: 'POST', body });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
