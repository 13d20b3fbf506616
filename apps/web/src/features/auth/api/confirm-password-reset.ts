import { useMutation } from '@tanstack/react-query';
import type { DetailResponse, PasswordResetConfirmBody, ResetPasswordForm } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/password/reset/confirm/{uidb64}/{token}/. */
export function confirmPasswordReset(
  input: { uidb64: string; token: string } & ResetPasswordForm,
): Promise<DetailResponse> {
  const { uidb64, token, ...fields } = input;
  const body: PasswordResetConfirmBody = fields;
  return apiRequest<DetailResponse>(
    `/api/accounts/auth/password/reset/confirm/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
    { method: 'POST', body, auth: false },
  );
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
