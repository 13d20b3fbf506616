import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandMembersQueryKey } from './get-brand-members';

/** DELETE /api/brands/{id}/invitations/{invitation_id}/: the pending invitation's link stops working. */
export function withdrawInvitation(brandId: number, invitationId: number): Promise<void> {
  return apiRequest<void>(`/api/brands/${brandId}/invitations/${invitationId}/`, { method: 'DELETE' });
}

export function useWithdrawInvitation(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => withdrawInvitation(brandId, invitationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandMembersQueryKey(brandId) }),
  });
}
