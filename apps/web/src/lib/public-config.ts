import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@app/domain';
import { apiRequest } from './api-client';

/** GET /api/config/: the public settings the web app needs (Google sign-in, COMMUNITY_URL). */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/config/', { auth: false });
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });

/** Whether Google sign-in is configured (and its client id), and the chat community's address. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
