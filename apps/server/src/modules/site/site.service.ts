import type { PublicConfig } from '@app/domain';
import type { AppDeps } from '../../app-deps';

export type SiteServiceDeps = Pick<AppDeps, 'config'>;

/** Site-wide settings the web app reads. */
export function createSiteService(deps: SiteServiceDeps) {
  return {
    /** The public configuration: Google sign-in's client id (null when it is off), the community link. */
    publicConfig(): PublicConfig {
      return {
        google_client_id: deps.config.GOOGLE_CLIENT_ID ?? null,
        community_url: deps.config.COMMUNITY_URL,
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
