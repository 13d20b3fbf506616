import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { judgingQueryKey } from './get-judging-sheet';
import type { OwnScore, ScoreBody } from '@app/domain';

/** PUT /api/entries/{id}/scores/: saves (or replaces) the caller's score of an entry. */
export function saveScore(entryId: number, body: ScoreBody): Promise<OwnScore> {
  return apiRequest<OwnScore>(`/api/entries/${entryId}/scores/`, { method: 'PUT', body });
}

export function useSaveScore(entryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScoreBody) => saveScore(entryId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: judgingQueryKey }),
  });
}
