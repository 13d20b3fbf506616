import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/logout/: revokes the session's refresh token. */
export function logout(refresh: string): Promise<unknown> {
  return apiRequest('/api/accounts/auth/logout/', {
    method: 'POST',
    body: { refresh },
    auth: false,
    timeoutMs: 5_000,
  });
}
