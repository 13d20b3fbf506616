import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RecentWinners } from '@app/domain';

/** GET /api/results/winners/: the newest published winners of every contest. */
export function getRecentWinners(): Promise<RecentWinners> {
  return apiRequest<RecentWinners>('/api/results/winners/', { auth: false });
}

export const recentWinnersQueryOptions = () =>
  queryOptions({
    queryKey: ['results', 'winners'] as const,
    queryFn: getRecentWinners,
    staleTime: 5 * 60_000,
  });

export function useRecentWinners() {
  return useQuery(recentWinnersQueryOptions());
}
