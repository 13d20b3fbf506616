import { useMutation } from '@tanstack/react-query';
import type { EmailBody, ResendVerificationResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/resend-verification/: answers `{message}` (or an error). */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  const body: EmailBody = { email };
  return apiRequest<ResendVerificationResponse>('/api/accounts/auth/resend-verification/', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
