import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Video, VideoPage } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { normalizeVideo, type LibraryVideo } from '../lib/normalize-video';

export interface LibraryPage {
  videos: LibraryVideo[];
  /** The next page number, when the server says there is one. */
  nextPage: number | null;
  count: number;
}

type Raw = Record<string, unknown>;
const LIST_PARAMS = 'is_approved=true&ordering=-created_at';

/**
 * Reads the shapes spec §7 allows: our server's `VideoPage` (an object with a results array), an
 * array, or an object whose `videos` field is a URL (fetched with the same two parameters, its
 * /api prefix dropped). Anything else is an empty list.
 */
export async function toLibraryPage(data: unknown, page: number): Promise<LibraryPage> {
  if (Array.isArray(data))
    return { videos: (data as Video[]).map(normalizeVideo), nextPage: null, count: data.length };
  if (data && typeof data === 'object') {
    const body = data as Raw;
    if (Array.isArray(body.results)) {
      const videos = (body.results as Video[]).map(normalizeVideo);
      return {
        videos,
        nextPage: typeof body.next === 'string' && body.next ? page + 1 : null,
        count: typeof body.count === 'number' ? body.count : videos.length,
      };
    }
    if (typeof body.videos === 'string') {
      const url = body.videos.replace(/^(https?:\/\/[^/]+)?\/api/, '');
      const separator = url.includes('?') ? '&' : '?';
      const followed = await apiRequest<unknown>(`/api${url}${separator}${LIST_PARAMS}`, { auth: false });
      if (Array.isArray(followed) || (followed && Array.isArray((followed as Raw).results)))
        return toLibraryPage(followed, page);
    }
  }
  return { videos: [], nextPage: null, count: 0 };
}

/** The library's list request (the prerendered library page preloads page 1: src/entry-server.tsx). */
export const videoListUrl = (page: number) => `/api/videos/videos/?${LIST_PARAMS}&page=${page}`;

/** GET /api/videos/videos/?is_approved=true&ordering=-created_at (approved, newest first). */
export async function getVideos(page = 1): Promise<LibraryPage> {
  const data = await apiRequest<VideoPage>(videoListUrl(page), {
    auth: false,
  });
  return toLibraryPage(data, page);
}

/** Every query of the videos feature starts with this key: invalidate it after a change. */
export const videosQueryKey = ['videos'] as const;

export const videoListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...videosQueryKey, 'list'],
    queryFn: ({ pageParam }) => getVideos(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });

export function useVideoList(enabled = true) {
  return useInfiniteQuery({ ...videoListQueryOptions(), enabled });
}
