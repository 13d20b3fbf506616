import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';
import { type Invitation } from '@app/domain';

/** POST /api/staff/invitations/{id}/revoke/: the pending invitation's link stops working at once. */
export function revokeInvitation(id: number): Promise<Invitation> {
  return apiRequest<Invitation>(`/api/staff/invitations/${id}/revoke/`, { method: 'POST', body: {} });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
