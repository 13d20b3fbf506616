import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/password/reset/: the same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<{ detail: string }> {
  return apiRequest('/api/accounts/auth/password/reset/', { method: 'POST', body: { email }, auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
