import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandMember, BrandRole } from '@app/domain';
import { brandMembersQueryKey } from './get-brand-members';

/** PATCH /api/brands/{id}/members/{user_id}/ `{role}` (409 `last_owner`: the brand keeps an owner). */
export function changeMemberRole(brandId: number, userId: number, role: BrandRole): Promise<BrandMember> {
  return apiRequest<BrandMember>(`/api/brands/${brandId}/members/${userId}/`, {
    method: 'PATCH',
    body: { role },
  });
}

export function useChangeMemberRole(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: BrandRole }) =>
      changeMemberRole(brandId, userId, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandMembersQueryKey(brandId) }),
  });
}
