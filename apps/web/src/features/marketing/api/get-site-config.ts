import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/config/: public settings (the chat community link is configuration: COMMUNITY_URL). */
export interface SiteConfig {
  google_client_id: string | null;
  community_url: string;
}

export function getSiteConfig(): Promise<SiteConfig> {
  return apiRequest<SiteConfig>('/api/config/', { auth: false });
}

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: getSiteConfig,
  staleTime: 5 * 60_000,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
