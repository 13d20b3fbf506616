import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { judgingQueryKey } from './get-judging-sheet';
import type { ContestResults } from '@app/domain';

/** GET /api/contests/{id}/results/: the winners once published (`published_at` null before). */
export function getContestResults(contestId: number): Promise<ContestResults> {
  return apiRequest<ContestResults>(`/api/contests/${contestId}/results/`, { auth: false });
}

export const contestResultsQueryOptions = (contestId: number) =>
  queryOptions({
    queryKey: [...judgingQueryKey, 'results', contestId] as const,
    queryFn: () => getContestResults(contestId),
  });

export function useContestResults(contestId: number | undefined) {
  return useQuery({ ...contestResultsQueryOptions(contestId ?? 0), enabled: Boolean(contestId) });
}
