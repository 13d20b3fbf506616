import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandContest, BrandOption } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

export const contestAdminQueryKey = ['contest-admin'] as const;

/** GET /api/brand/contests/: the brand's contests (staff: every contest), drafts included, with counts. */
export function getBrandContests(): Promise<BrandContest[]> {
  return apiRequest<BrandContest[]>('/api/brand/contests/');
}

export const brandContestsQueryOptions = () =>
  queryOptions({ queryKey: [...contestAdminQueryKey, 'contests'] as const, queryFn: getBrandContests });

export function useBrandContests() {
  return useQuery(brandContestsQueryOptions());
}

/** GET /api/brands/: the brands a contest can be for (staff: all; a brand user: its own). */
export function getBrands(): Promise<BrandOption[]> {
  return apiRequest<BrandOption[]>('/api/brands/');
}

export function useBrands() {
  return useQuery({ queryKey: [...contestAdminQueryKey, 'brands'] as const, queryFn: getBrands });
}
