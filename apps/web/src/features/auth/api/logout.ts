import type { DetailResponse, RefreshTokenBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/logout/: revokes the session's refresh token. */
export function logout(refresh: string): Promise<DetailResponse> {
  const body: RefreshTokenBody = { refresh };
  return apiRequest<DetailResponse>('/api/accounts/auth/logout/', {
    method: 'POST',
    body,
    auth: false,
    timeoutMs: 5_000,
  });
}
