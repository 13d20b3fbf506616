import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS, type ProductResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/contests/{id}/products/: the chairs the contest offers with live stock (the same rows
 * as the spec's brands/1 and brands/4 calls; docs/spec-decisions.md). 6.5 s timeout (spec §9);
 * failures are logged (spec §8) and the screens fall back.
 */
export async function getContestProducts(contestRef: string): Promise<ProductResponse[]> {
  try {
    return await apiRequest<ProductResponse[]>(`/api/contests/${encodeURIComponent(contestRef)}/products/`, {
      // Signed in when there is a session: staff and the contest's brand also see a draft's stock.
      timeoutMs: LIMITS.productRequestTimeoutMs,
    });
  } catch (error) {
    console.error('Failed to load products', error);
    throw error;
  }
}

export const contestProductsQueryKey = (contestRef: string) => ['contests', 'products', contestRef] as const;

export const contestProductsQueryOptions = (contestRef: string) =>
  queryOptions({
    queryKey: contestProductsQueryKey(contestRef),
    queryFn: () => getContestProducts(contestRef),
    // Stock changes as others apply: always show the live count when a page opens.
    staleTime: 0,
    retry: false,
  });

export function useContestProducts(contestRef: string) {
  return useQuery(contestProductsQueryOptions(contestRef));
}
