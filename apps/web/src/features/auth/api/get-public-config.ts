import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PublicConfig {
  google_client_id: string | null;
  community_url: string;
}

/** GET /api/config/: whether Google sign-in is configured (and its client id). */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiRequest<PublicConfig>('/api/config/', { auth: false });
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
