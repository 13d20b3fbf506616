import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export interface AcceptInvitationInput {
  token: string;
  password: string;
}

/** POST /api/invitations/{token}/accept/ `{password}`: creates the account and signs it in. */
export function acceptInvitation({ token, password }: AcceptInvitationInput): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(`/api/invitations/${encodeURIComponent(token)}/accept/`, {
    method: 'POST',
    body: { password },
    auth: false,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
