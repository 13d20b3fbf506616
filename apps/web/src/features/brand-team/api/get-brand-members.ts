import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { BrandMember } from '@app/domain';
import { brandTeamQueryKey } from '../../../lib/my-brand';

export const brandMembersQueryKey = (brandId: number) => [...brandTeamQueryKey, 'members', brandId] as const;

/** GET /api/brands/{id}/members/: the members, then the pending invitations. */
export function getBrandMembers(brandId: number): Promise<BrandMember[]> {
  return apiRequest<BrandMember[]>(`/api/brands/${brandId}/members/`);
}

export const brandMembersQueryOptions = (brandId: number) =>
  queryOptions({ queryKey: brandMembersQueryKey(brandId), queryFn: () => getBrandMembers(brandId) });

export function useBrandMembers(brandId: number | undefined) {
  return useQuery({ ...brandMembersQueryOptions(brandId ?? 0), enabled: brandId !== undefined });
}
