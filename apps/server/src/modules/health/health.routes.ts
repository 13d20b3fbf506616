import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@app/domain';
import type { HealthService } from './health.service';

/** GET /api/health/: 200 while the database answers, 503 when it does not. */
export const healthRoutes =
  ({ health }: { health: HealthService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health/',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database status',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const report = await health.check();
        return reply.status(report.status === 'ok' ? 200 : 503).send(report);
      },
    );
  };
