import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/unsubscribe/{token}/: no session needed (the token is signed for user and category). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<UnsubscribeResponse>(`/api/unsubscribe/${encodeURIComponent(token)}/`, {
        method: 'POST',
        auth: false,
      }),
  });
}
