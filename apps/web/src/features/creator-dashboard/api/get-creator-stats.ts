import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorStats } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/accounts/creators/stats/ — the profile card's counts. */
export function getCreatorStats(): Promise<CreatorStats> {
  return apiRequest<CreatorStats>('/api/accounts/creators/stats/');
}

export const creatorStatsQueryKey = ['creator-dashboard', 'stats'] as const;

export const creatorStatsQueryOptions = () =>
  queryOptions({ queryKey: creatorStatsQueryKey, queryFn: getCreatorStats });

export function useCreatorStats() {
  return useQuery(creatorStatsQueryOptions());
}
