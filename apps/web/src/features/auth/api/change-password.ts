import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordForm, DetailResponse, PasswordChangeBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/accounts/auth/password/change/ (signed in). */
export function changePassword(input: ChangePasswordForm): Promise<DetailResponse> {
  const body: PasswordChangeBody = input;
  return apiRequest<DetailResponse>('/api/accounts/auth/password/change/', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
