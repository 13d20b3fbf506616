import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

const publicConfig = z.object({
  google_client_id: z.string().nullable(),
  community_url: z.string(),
});

/** GET /api/config/: the public settings the web app needs (Google sign-in, community link). */
export const siteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config/',
      {
        schema: {
          tags: ['site'],
          summary: 'Public configuration for the web app',
          response: { 200: publicConfig },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return {
          google_client_id: deps.config.GOOGLE_CLIENT_ID ?? null,
          community_url: deps.config.COMMUNITY_URL,
        };
      },
    );
  };
