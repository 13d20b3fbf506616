import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoundResponse, UpdateRoundsBody } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { contestAdminQueryKey } from './get-brand-contests';

/** PUT /api/contests/{id}/rounds/ (issue 47): the contest's whole list of rounds. */
export function saveContestRounds(contestId: number, body: UpdateRoundsBody): Promise<RoundResponse[]> {
  return apiRequest<RoundResponse[]>(`/api/contests/${contestId}/rounds/`, { method: 'PUT', body });
}

/** Saving rounds also moves the contest's deadline and judging end: both refresh. */
export function useSaveContestRounds(contestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRoundsBody) => saveContestRounds(contestId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contestAdminQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['contests'] }),
      ]),
  });
}
