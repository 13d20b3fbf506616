import type { GoogleNonceResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/accounts/auth/google/nonce/: a single-use nonce for Google's button. Google puts it in
 * the ID token and the server checks it there, so a token cannot be replayed.
 */
export function getGoogleNonce(): Promise<GoogleNonceResponse> {
  return apiRequest<GoogleNonceResponse>('/api/accounts/auth/google/nonce/', { method: 'POST', auth: false });
}
