import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditPageSchema } from '@app/domain';
import type { AuditService } from './audit.service';

const tags = ['staff'];

/** The audit log (mounted inside the staff plugin, which admits staff only). */
export const staffAuditRoutes =
  ({ audit }: { audit: AuditService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit/',
      {
        schema: {
          tags,
          summary: 'Recorded staff and brand actions, newest first',
          security: [{ bearerAuth: [] }],
          querystring: auditListQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      (request) => audit.list(request.query, new URL(request.url, 'http://localhost')),
    );
  };
