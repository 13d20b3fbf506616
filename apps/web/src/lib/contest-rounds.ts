import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoundResponse } from '@app/domain';
import { apiRequest } from './api-client';

/**
 * GET /api/contests/{id}/rounds/ (issue 47): the contest's rounds in order with their status;
 * signed in when there is a session (staff and its brand also see a draft's). Shared by the contest
 * page and the contest console's rounds editor (its save: contest-admin's save-contest-rounds.ts).
 */
export function getContestRounds(contestId: number): Promise<RoundResponse[]> {
  return apiRequest<RoundResponse[]>(`/api/contests/${contestId}/rounds/`);
}

export const contestRoundsQueryKey = (contestId: number) => ['contests', 'rounds', contestId] as const;

export const contestRoundsQueryOptions = (contestId: number) =>
  queryOptions({
    queryKey: contestRoundsQueryKey(contestId),
    queryFn: () => getContestRounds(contestId),
  });

export function useContestRounds(contestId: number) {
  return useQuery(contestRoundsQueryOptions(contestId));
}
