import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestResponse } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/contests/{id or slug}/, signed in when there is a session (staff and its brand see a draft). */
export function getContest(contestRef: string): Promise<ContestResponse> {
  return apiRequest<ContestResponse>(`/api/contests/${encodeURIComponent(contestRef)}/`);
}

export const contestQueryOptions = (contestRef: string) =>
  queryOptions({
    queryKey: ['contests', 'detail', contestRef] as const,
    queryFn: () => getContest(contestRef),
  });

export function useContest(contestRef: string) {
  return useQuery(contestQueryOptions(contestRef));
}
