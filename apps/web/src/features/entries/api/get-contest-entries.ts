import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type Entry, type EntryFilter, type EntryList } from '@app/domain';
import { apiResponse } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** One page of a contest's entries and how many match the filter (the X-Total-Count header). */
export interface EntryPage {
  count: number;
  results: Entry[];
}

/** Entries per page on Contest Submissions (each entry carries a player). */
export const CONTEST_ENTRIES_PAGE_SIZE = 20;

/** GET /api/contests/{id}/entries/?filter=&page=&page_size= — staff and the contest's brand. */
export async function getContestEntries(
  contestId: string,
  filter?: EntryFilter,
  page = 1,
): Promise<EntryPage> {
  const query = new URLSearchParams({ page_size: String(CONTEST_ENTRIES_PAGE_SIZE) });
  if (filter) query.set('filter', filter);
  if (page > 1) query.set('page', String(page));
  const { data, headers } = await apiResponse<EntryList>(
    `/api/contests/${encodeURIComponent(contestId)}/entries/?${query.toString()}`,
  );
  return { count: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length), results: data };
}

export const contestEntriesQueryOptions = (contestId: string, filter?: EntryFilter, page = 1) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'contest', contestId, filter ?? 'all', page],
    queryFn: () => getContestEntries(contestId, filter, page),
    retry: false,
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useContestEntries(contestId: string, filter?: EntryFilter, page = 1) {
  return useQuery(contestEntriesQueryOptions(contestId, filter, page));
}
