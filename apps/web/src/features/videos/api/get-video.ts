import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { normalizeVideo, type LibraryVideo } from '../lib/normalize-video';
import { videosQueryKey } from './get-videos';

/** GET /api/videos/videos/{id}/ — public when approved; the owner also sees their own. */
export async function getVideo(id: string): Promise<LibraryVideo> {
  const data = await apiRequest<Video>(`/api/videos/videos/${encodeURIComponent(id)}/`);
  return normalizeVideo(data);
}

export const videoQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...videosQueryKey, 'detail', id], queryFn: () => getVideo(id), retry: false });

export function useVideo(id: string) {
  return useQuery(videoQueryOptions(id));
}
