import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { judgingQueryKey } from './get-judging-sheet';
import type { Ranking } from '@app/domain';

/** GET /api/contests/{id}/ranking/?page= (staff): one page of the entries by weighted average. */
export function getRanking(contestId: number, page = 1): Promise<Ranking> {
  const query = page > 1 ? `?page=${page}` : '';
  return apiRequest<Ranking>(`/api/contests/${contestId}/ranking/${query}`);
}

export const rankingQueryOptions = (contestId: number, page = 1) =>
  queryOptions({
    queryKey: [...judgingQueryKey, 'ranking', contestId, page] as const,
    queryFn: () => getRanking(contestId, page),
  });

/** A page of the ranking; the page shown stays while the next one loads. */
export function useRanking(contestId: number, page: number, enabled: boolean) {
  return useQuery({ ...rankingQueryOptions(contestId, page), enabled, placeholderData: keepPreviousData });
}
