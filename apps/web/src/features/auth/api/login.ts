import { useMutation } from '@tanstack/react-query';
import type { LoginForm, LoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/login/ (anonymous: a 401 here means wrong credentials, not an expired token). */
export function login(body: LoginForm): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/api/accounts/auth/login/', { method: 'POST', body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
