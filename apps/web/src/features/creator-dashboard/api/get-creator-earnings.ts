import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorEarnings } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/accounts/creators/earnings/ — amounts in dollars with 2 decimals. */
export function getCreatorEarnings(): Promise<CreatorEarnings> {
  return apiRequest<CreatorEarnings>('/api/accounts/creators/earnings/');
}

export const creatorEarningsQueryKey = ['creator-dashboard', 'earnings'] as const;

export const creatorEarningsQueryOptions = () =>
  queryOptions({ queryKey: creatorEarningsQueryKey, queryFn: getCreatorEarnings });

export function useCreatorEarnings() {
  return useQuery(creatorEarningsQueryOptions());
}
