import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export interface AcceptInvitationInput {
  token: string;
  password: string;
  confirm_password: string;
}

/** POST /api/accounts/invitations/{token}/accept/ `{password, confirm_password}`: creates the account and signs it in. */
export function acceptInvitation({ token, ...body }: AcceptInvitationInput): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(`/api/accounts/invitations/${encodeURIComponent(token)}/accept/`, {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
