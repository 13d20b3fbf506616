import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVideoPlays } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/creator/videos/plays/ — plays, unique viewers and average watched of one's own videos. */
export function getMyVideoPlays(): Promise<MyVideoPlays> {
  return apiRequest<MyVideoPlays>('/api/creator/videos/plays/');
}

export const myVideoPlaysQueryOptions = () =>
  queryOptions({ queryKey: ['creator-dashboard', 'video-plays'] as const, queryFn: getMyVideoPlays });

export function useMyVideoPlays() {
  return useQuery(myVideoPlaysQueryOptions());
}
