import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoQc } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { videosQueryKey } from './get-videos';

/** While the check runs, the report is asked for again this often. */
const PENDING_POLL_MS = 3_000;

/** GET /api/videos/videos/{id}/qc/ — the video's technical check (its creator, staff, the contest's brand). */
export function getVideoQc(id: number): Promise<VideoQc> {
  return apiRequest<VideoQc>(`/api/videos/videos/${id}/qc/`);
}

export const videoQcQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...videosQueryKey, 'qc', id],
    queryFn: () => getVideoQc(id),
    retry: false,
    // Pending until processing and the check are done: look again until it is.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });

export function useVideoQc(id: number) {
  return useQuery(videoQcQueryOptions(id));
}
