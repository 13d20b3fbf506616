import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandMember, BrandMemberInviteBody } from '@app/domain';
import { brandMembersQueryKey } from './get-brand-members';

/** POST /api/brands/{id}/members/ `{email, role}`: e-mails an invitation link (owners, staff). */
export function inviteMember(brandId: number, body: BrandMemberInviteBody): Promise<BrandMember> {
  return apiRequest<BrandMember>(`/api/brands/${brandId}/members/`, { method: 'POST', body });
}

export function useInviteMember(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandMemberInviteBody) => inviteMember(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandMembersQueryKey(brandId) }),
  });
}
