import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryFilter, EntryList } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** GET /api/contests/{id}/entries/?filter= — staff and the contest's brand. */
export function getContestEntries(contestId: string, filter?: EntryFilter): Promise<EntryList> {
  const query = filter ? `?filter=${filter}` : '';
  return apiRequest<EntryList>(`/api/contests/${encodeURIComponent(contestId)}/entries/${query}`);
}

export const contestEntriesQueryOptions = (contestId: string, filter?: EntryFilter) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'contest', contestId, filter ?? 'all'],
    queryFn: () => getContestEntries(contestId, filter),
    retry: false,
  });

export function useContestEntries(contestId: string, filter?: EntryFilter) {
  return useQuery(contestEntriesQueryOptions(contestId, filter));
}
