import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { judgingQueryKey } from './get-judging-sheet';
import type { Ranking } from '@app/domain';

/** GET /api/contests/{id}/ranking/ (staff): entries by weighted average. */
export function getRanking(contestId: number): Promise<Ranking> {
  return apiRequest<Ranking>(`/api/contests/${contestId}/ranking/`);
}

export const rankingQueryOptions = (contestId: number) =>
  queryOptions({
    queryKey: [...judgingQueryKey, 'ranking', contestId] as const,
    queryFn: () => getRanking(contestId),
  });

export function useRanking(contestId: number, enabled: boolean) {
  return useQuery({ ...rankingQueryOptions(contestId), enabled });
}
