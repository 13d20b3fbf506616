import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Entry } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { signedMediaRenewal } from '../../../lib/signed-media';

export const entriesQueryKey = ['entries'] as const;

/** GET /api/entries/{id}/ — the entrant, staff and the contest's brand. */
export function getEntry(id: string): Promise<Entry> {
  return apiRequest<Entry>(`/api/entries/${encodeURIComponent(id)}/`);
}

export const entryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...entriesQueryKey, 'detail', id],
    queryFn: () => getEntry(id),
    retry: false,
    // While the newest version is processing, look again until it is in review.
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? 3000 : signedMediaRenewal(query.state.data),
  });

export function useEntry(id: string) {
  return useQuery(entryQueryOptions(id));
}
