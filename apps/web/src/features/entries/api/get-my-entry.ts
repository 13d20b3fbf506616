import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Entry } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { signedMediaRenewal } from '../../../lib/signed-media';
import { entriesQueryKey } from './get-entry';

/** GET /api/contests/{id}/entries/mine/ — the caller's entry in the contest, or null. */
export function getMyEntry(contestId: string): Promise<Entry | null> {
  return apiRequest<Entry | null>(`/api/contests/${encodeURIComponent(contestId)}/entries/mine/`);
}

export const myEntryQueryOptions = (contestId: string) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'mine', contestId],
    queryFn: () => getMyEntry(contestId),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? 3000 : signedMediaRenewal(query.state.data),
  });

export function useMyEntry(contestId: string) {
  return useQuery(myEntryQueryOptions(contestId));
}
