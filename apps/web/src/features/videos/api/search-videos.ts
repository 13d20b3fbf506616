import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { VideoPage } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { toLibraryPage, videosQueryKey, type LibraryPage } from './get-videos';

/** GET /api/videos/search/?query=… — ranked, approved only; accepts an array or a results page. */
export async function searchVideos(query: string, page = 1): Promise<LibraryPage> {
  const data = await apiRequest<VideoPage>(
    `/api/videos/search/?query=${encodeURIComponent(query)}&page=${page}`,
    { auth: false },
  );
  return toLibraryPage(data, page);
}

export const videoSearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: [...videosQueryKey, 'search', query],
    queryFn: ({ pageParam }) => searchVideos(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });

export function useVideoSearch(query: string) {
  return useInfiniteQuery({ ...videoSearchQueryOptions(query), enabled: query.trim() !== '' });
}
