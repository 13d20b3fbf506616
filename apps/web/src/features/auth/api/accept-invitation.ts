import { useMutation } from '@tanstack/react-query';
import type { InvitationAcceptBody, LoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export type AcceptInvitationInput = InvitationAcceptBody & { token: string };

/**
 * POST /api/accounts/invitations/{token}/accept/ `{password, confirm_password}`: creates the
 * account and answers as sign-in does.
 */
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
