import { useMutation } from '@tanstack/react-query';
import { REFRESH_COOKIE_HEADER, type LoginForm, type LoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/login/ (anonymous: a 401 here means wrong credentials, not an expired token). */
export function login(body: LoginForm): Promise<LoginResponse> {
  // The refresh token comes back as an HttpOnly cookie, not in the body (issue 18 M3).
  return apiRequest<LoginResponse>('/api/accounts/auth/login/', {
    method: 'POST',
    body,
    auth: false,
    headers: { [REFRESH_COOKIE_HEADER]: '1' },
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
