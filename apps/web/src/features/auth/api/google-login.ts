import { useMutation } from '@tanstack/react-query';
import { REFRESH_COOKIE_HEADER, type GoogleLoginBody, type GoogleLoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/accounts/auth/google/ with the Google credential and the nonce it carries; the answer's
 * `token` is the access token.
 */
export function googleLogin({
  idToken,
  nonce,
}: {
  idToken: string;
  nonce: string;
}): Promise<GoogleLoginResponse> {
  const body: GoogleLoginBody = { id_token: idToken, nonce };
  return apiRequest<GoogleLoginResponse>('/api/accounts/auth/google/', {
    method: 'POST',
    body,
    auth: false,
    headers: { [REFRESH_COOKIE_HEADER]: '1' },
  });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
