import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/contests/active/ — used as is; a failure is logged and rethrown (spec §7). */
export async function getActiveContests(): Promise<ContestResponse[]> {
  try {
    return await apiRequest<ContestResponse[]>('/api/contests/active/', { auth: false });
  } catch (error) {
    console.error('Failed to load active contests', error);
    throw error;
  }
}

export const activeContestsQueryOptions = () =>
  queryOptions({ queryKey: ['contests', 'active'] as const, queryFn: getActiveContests });

export function useActiveContests() {
  return useQuery(activeContestsQueryOptions());
}
