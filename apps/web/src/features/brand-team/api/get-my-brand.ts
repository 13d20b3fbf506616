import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MyBrand } from '@app/domain';

export const brandTeamQueryKey = ['brand-team'] as const;
export const myBrandQueryKey = [...brandTeamQueryKey, 'mine'] as const;

/** GET /api/brands/mine/: the signed-in brand user's brand and role in its team. */
export function getMyBrand(): Promise<MyBrand> {
  return apiRequest<MyBrand>('/api/brands/mine/');
}

export const myBrandQueryOptions = () => queryOptions({ queryKey: myBrandQueryKey, queryFn: getMyBrand });

export function useMyBrand() {
  return useQuery(myBrandQueryOptions());
}
