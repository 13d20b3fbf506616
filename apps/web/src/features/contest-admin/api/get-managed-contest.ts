import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestResponse, ProductStockResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { contestAdminQueryKey } from './get-brand-contests';

/** GET /api/contests/{id}/ signed in: staff and the contest's brand also see its draft. */
export function getManagedContest(contestId: string): Promise<ContestResponse> {
  return apiRequest<ContestResponse>(`/api/contests/${encodeURIComponent(contestId)}/`);
}

export const managedContestQueryOptions = (contestId: string) =>
  queryOptions({
    queryKey: [...contestAdminQueryKey, 'contest', contestId] as const,
    queryFn: () => getManagedContest(contestId),
  });

export function useManagedContest(contestId: string) {
  return useQuery(managedContestQueryOptions(contestId));
}

/** GET /api/contests/{id}/stock/: each product's units left, reserved and in all. */
export function getContestStock(contestId: string): Promise<ProductStockResponse[]> {
  return apiRequest<ProductStockResponse[]>(`/api/contests/${encodeURIComponent(contestId)}/stock/`);
}

export function useContestStock(contestId: string) {
  return useQuery({
    queryKey: [...contestAdminQueryKey, 'stock', contestId] as const,
    queryFn: () => getContestStock(contestId),
  });
}
