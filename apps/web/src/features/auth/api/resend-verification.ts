import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/resend-verification/: answers `{message}` (or an error). */
export function resendVerification(email: string): Promise<{ message: string }> {
  return apiRequest('/api/accounts/auth/resend-verification/', {
    method: 'POST',
    body: { email },
    auth: false,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
