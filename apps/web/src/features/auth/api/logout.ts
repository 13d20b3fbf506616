import type { DetailResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/token/logout/: ends the session of the HttpOnly refresh cookie and clears it. */
export function logout(): Promise<DetailResponse> {
  return apiRequest<DetailResponse>('/api/token/logout/', {
    method: 'POST',
    auth: false,
    timeoutMs: 5_000,
  });
}
