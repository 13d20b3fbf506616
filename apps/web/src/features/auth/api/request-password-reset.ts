import { useMutation } from '@tanstack/react-query';
import type { DetailResponse, EmailBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/password/reset/: the same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<DetailResponse> {
  const body: EmailBody = { email };
  return apiRequest<DetailResponse>('/api/accounts/auth/password/reset/', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
