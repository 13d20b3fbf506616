import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, staffInsightsQuerySchema, staffInsightsSchema } from '@app/domain';
import type { InsightsService } from './insights.service';

/** `/api/staff/insights/` (mounted by the staff module, which admits staff only). */
export const staffInsightsRoutes =
  ({ insights: service }: { insights: InsightsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/insights/',
      {
        schema: {
          tags: ['insights', 'staff'],
          summary:
            'The platform overview: uploads, failed processing and processing time (p50, p95) per day, and the review queue by age',
          querystring: staffInsightsQuerySchema,
          response: { 200: staffInsightsSchema, 400: apiErrorBodySchema },
        },
      },
      (request) => service.staffInsights(request.query.days),
    );
  };
