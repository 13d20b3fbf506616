import { useMutation } from '@tanstack/react-query';
import type { GoogleLoginBody, GoogleLoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/google/ with the Google credential; the answer's `token` is the access token. */
export function googleLogin(idToken: string): Promise<GoogleLoginResponse> {
  const body: GoogleLoginBody = { id_token: idToken };
  return apiRequest<GoogleLoginResponse>('/api/accounts/auth/google/', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
