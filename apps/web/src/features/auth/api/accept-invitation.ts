import { useMutation } from '@tanstack/react-query';
import { REFRESH_COOKIE_HEADER, type InvitationAcceptBody, type LoginResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export type AcceptInvitationInput = InvitationAcceptBody & { token: string };

/**
 * POST /api/accounts/invitations/{token}/accept/ `{password, confirm_password}`: creates the
 * account (or, `{password}` alone, adds the existing brand account it proves) and answers as
 * sign-in does.
 */
export function acceptInvitation({ token, ...body }: AcceptInvitationInput): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(`/api/accounts/invitations/${encodeURIComponent(token)}/accept/`, {
    method: 'POST',
    body,
    auth: false,
    headers: { [REFRESH_COOKIE_HEADER]: '1' },
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
