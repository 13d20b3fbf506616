import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorDashboard } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';
import { signedMediaRenewal } from '../../../lib/signed-media';

/** GET /api/creator/dashboard/ — the creator's videos and contest lists. */
export function getCreatorDashboard(): Promise<CreatorDashboard> {
  return apiRequest<CreatorDashboard>('/api/creator/dashboard/');
}

/** Invalidate this key after an upload so the new video shows without a reload. */
export const creatorDashboardQueryKey = ['creator-dashboard', 'dashboard'] as const;

/**
 * While a video is still being processed (its renditions included) the list is polled, so its
 * state and progress update by themselves.
 */
const PROCESSING_POLL_MS = 4_000;

export const creatorDashboardQueryOptions = () =>
  queryOptions({
    queryKey: creatorDashboardQueryKey,
    queryFn: getCreatorDashboard,
    refetchInterval: (query) =>
      query.state.data?.videos.some(
        (video) =>
          video.status === 'processing' ||
          (video.status === 'ready' && !['done', 'failed'].includes(video.processing.stage)),
      )
        ? PROCESSING_POLL_MS
        : signedMediaRenewal(query.state.data),
  });

export function useCreatorDashboard() {
  return useQuery(creatorDashboardQueryOptions());
}
