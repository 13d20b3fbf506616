import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandMembersQueryKey } from './get-brand-members';

/** DELETE /api/brands/{id}/members/{user_id}/: the member leaves the team; their sessions end at once. */
export function removeMember(brandId: number, userId: number): Promise<void> {
  return apiRequest<void>(`/api/brands/${brandId}/members/${userId}/`, { method: 'DELETE' });
}

export function useRemoveMember(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(brandId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: brandMembersQueryKey(brandId) }),
  });
}
