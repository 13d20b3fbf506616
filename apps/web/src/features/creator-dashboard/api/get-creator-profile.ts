import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorProfile } from '@app/domain';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/accounts/auth/creator-profile/ — also sets the csrftoken cookie the PATCH echoes. */
export function getCreatorProfile(): Promise<CreatorProfile> {
  return apiRequest<CreatorProfile>('/api/accounts/auth/creator-profile/');
}

export const creatorProfileQueryKey = ['creator-dashboard', 'profile'] as const;

export const creatorProfileQueryOptions = () =>
  queryOptions({ queryKey: creatorProfileQueryKey, queryFn: getCreatorProfile });

export function useCreatorProfile() {
  return useQuery(creatorProfileQueryOptions());
}
