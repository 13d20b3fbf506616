import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandMember } from '@app/domain';
import { brandMembersQueryKey } from './get-brand-members';

/** POST /api/brands/{id}/invitations/{invitation_id}/resend/: a new link (the old one stops working). */
export function resendInvitation(brandId: number, invitationId: number): Promise<BrandMember> {
  return apiRequest<BrandMember>(`/api/brands/${brandId}/invitations/${invitationId}/resend/`, {
    method: 'POST',
    body: {},
  });
}

export function useResendInvitation(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => resendInvitation(brandId, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandMembersQueryKey(brandId) }),
  });
}
