import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordForm } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/password/reset/confirm/{uidb64}/{token}/. */
export function confirmPasswordReset(
  input: { uidb64: string; token: string } & ResetPasswordForm,
): Promise<{ detail: string }> {
  const { uidb64, token, ...body } = input;
  return apiRequest(
    `/api/accounts/auth/password/reset/confirm/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
    { method: 'POST', body, auth: false },
  );
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
