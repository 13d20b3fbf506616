import { useState } from 'react';
import { MESSAGES } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { useGoogleLogin } from '../api/google-login';
import { afterLoginPath, completeSignIn } from '../redirect';

/**
 * Sends the Google credential to the server and signs in with the answer (spec §8 Third-party
 * sign-in messages; the sign-up screen words its failure differently).
 */
export function useGoogleSignIn(screen: 'login' | 'signup', from?: unknown) {
  const mutation = useGoogleLogin();
  const [error, setError] = useState<string | null>(null);

  const onCredential = (credential: string, nonce: string) => {
    setError(null);
    mutation.mutate(
      { idToken: credential, nonce },
      {
        onSuccess: (data) => {
          if (!data?.token || !data.user) return setError(MESSAGES.google.noData);
          completeSignIn(
            { access: data.token, refresh: data.refresh, user: data.user },
            afterLoginPath(from, data.user.role),
          );
        },
        onError: (failure) => {
          if (screen === 'signup') return setError(MESSAGES.google.failed);
          setError(failure instanceof ApiError && failure.detail ? failure.detail : MESSAGES.google.unknown);
        },
      },
    );
  };
  const onError = (message: string) => setError(screen === 'signup' ? MESSAGES.google.loginFailed : message);
  return { onCredential, onError, error, pending: mutation.isPending || mutation.isSuccess };
}
