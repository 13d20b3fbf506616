import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { judgingQueryKey } from './get-judging-sheet';
import type { ContestResults, PublishResultsBody } from '@app/domain';

/** POST /api/contests/{id}/results/ (staff): the final places and prizes, once. */
export function publishResults(contestId: number, body: PublishResultsBody): Promise<ContestResults> {
  return apiRequest<ContestResults>(`/api/contests/${contestId}/results/`, { method: 'POST', body });
}

export function usePublishResults(contestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishResultsBody) => publishResults(contestId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: judgingQueryKey }),
  });
}
