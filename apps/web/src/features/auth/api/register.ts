import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export interface RegisterBody {
  email: string;
  password: string;
  confirm_password: string;
  role: 'creator';
  phone_number: string;
}

/** POST /api/accounts/auth/register/ with the spec's 20 s timeout; only success is read. */
export function register(body: RegisterBody): Promise<unknown> {
  return apiRequest('/api/accounts/auth/register/', {
    method: 'POST',
    body,
    auth: false,
    timeoutMs: LIMITS.registerTimeoutMs,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
