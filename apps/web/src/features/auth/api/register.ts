import { useMutation } from '@tanstack/react-query';
import { LIMITS, type RegisterBody, type RegisterResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/register/ with the spec's 20 s timeout; only success is read. */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/api/accounts/auth/register/', {
    method: 'POST',
    body,
    auth: false,
    timeoutMs: LIMITS.registerTimeoutMs,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
