import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoPage } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { entriesQueryKey } from './get-entry';

/** The creator's own videos (GET /api/videos/videos/?mine=true), newest first: the ones they may enter. */
export function getMyVideos(): Promise<VideoPage> {
  return apiRequest<VideoPage>('/api/videos/videos/?mine=true&ordering=-created_at&page_size=50');
}

export const myVideosQueryOptions = () =>
  queryOptions({ queryKey: [...entriesQueryKey, 'my-videos'], queryFn: getMyVideos });

export function useMyVideos() {
  return useQuery(myVideosQueryOptions());
}
