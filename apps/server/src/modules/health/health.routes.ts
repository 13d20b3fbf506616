import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ status: z.enum(['ok', 'down']), driver: z.enum(['pglite', 'postgres']) }),
  uptime_seconds: z.number(),
});

/** GET /api/health/: 200 while the database answers, 503 when it does not. */
export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health/',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database status',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (request, reply) => {
        let database: 'ok' | 'down' = 'ok';
        try {
          await withTimeout(deps.database.ping(), 2_000);
        } catch (error) {
          request.log.warn({ err: error }, 'database ping failed');
          database = 'down';
        }
        return reply.status(database === 'ok' ? 200 : 503).send({
          status: database === 'ok' ? 'ok' : 'unavailable',
          database: { status: database, driver: deps.database.driver },
          uptime_seconds: Math.round(process.uptime()),
        });
      },
    );
  };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
