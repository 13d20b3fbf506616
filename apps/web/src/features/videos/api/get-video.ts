import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { normalizeVideoPage, type VideoPageData } from '../lib/normalize-playback';
import { videosQueryKey } from './get-videos';

/** GET /api/videos/videos/{id}/ — public when approved; the owner also sees their own. */
export async function getVideo(id: string): Promise<VideoPageData> {
  const data = await apiRequest<Video>(`/api/videos/videos/${encodeURIComponent(id)}/`);
  return normalizeVideoPage(data);
}

export const videoQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...videosQueryKey, 'detail', id], queryFn: () => getVideo(id), retry: false });

export function useVideo(id: string) {
  return useQuery(videoQueryOptions(id));
}
