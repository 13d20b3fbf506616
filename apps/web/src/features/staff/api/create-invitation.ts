import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';
import { type Invitation, type InvitationCreateBody } from '@app/domain';

/** POST /api/staff/invitations/ `{email, role, brand_id?}`: e-mails a single-use link valid for 7 days. */
export function createInvitation(body: InvitationCreateBody): Promise<Invitation> {
  return apiRequest<Invitation>('/api/staff/invitations/', { method: 'POST', body });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
