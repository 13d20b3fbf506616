import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponseSchema } from '@app/domain';
import type { SiteService } from './site.service';

/** GET /api/config/: the public settings the web app needs (Google sign-in, community link). */
export const siteRoutes =
  ({ site }: { site: SiteService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/config/',
      {
        schema: {
          tags: ['site'],
          summary: 'Public configuration for the web app',
          response: { 200: publicConfigResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return site.publicConfig();
      },
    );
  };
