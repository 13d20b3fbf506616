import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvanceBody, AdvanceResponse, Ranking } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { contestRoundsQueryKey } from '../../../lib/contest-rounds';
import { judgingQueryKey } from './get-judging-sheet';

/** GET /api/rounds/{id}/ranking/?page= (issue 47): one page of a round's entries, on its rubric. */
export function getRoundRanking(roundId: number, page = 1): Promise<Ranking> {
  const query = page > 1 ? `?page=${page}` : '';
  return apiRequest<Ranking>(`/api/rounds/${roundId}/ranking/${query}`);
}

/** A page of a round's ranking; the page shown stays while the next one loads. */
export function useRoundRanking(roundId: number, page: number) {
  return useQuery({
    queryKey: [...judgingQueryKey, 'round-ranking', roundId, page] as const,
    queryFn: () => getRoundRanking(roundId, page),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/rounds/{id}/advance/ (staff, the brand's owners and managers): once per entry. */
export function advanceRound(roundId: number, body: AdvanceBody): Promise<AdvanceResponse> {
  return apiRequest<AdvanceResponse>(`/api/rounds/${roundId}/advance/`, { method: 'POST', body });
}

export function useAdvanceRound(roundId: number, contestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvanceBody) => advanceRound(roundId, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: judgingQueryKey }),
        queryClient.invalidateQueries({ queryKey: contestRoundsQueryKey(contestId) }),
      ]),
  });
}
