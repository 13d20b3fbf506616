import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationResponseSchema,
  applyBodySchema,
  brandProductsParamsSchema,
  contestListQuerySchema,
  contestListResponseSchema,
  contestParamsSchema,
  contestResponseSchema,
  productListResponseSchema,
} from '@app/domain';
import { createContestsService, type ContestsServiceDeps } from './contests.service';

/** Contests, their products with live stock, and applications. */
export const contestsRoutes =
  (deps: ContestsServiceDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createContestsService(deps);

    app.get(
      '/contests/',
      {
        schema: {
          tags: ['contests'],
          summary: 'All contests, optionally in one status (active = open, production or judging)',
          querystring: contestListQuerySchema,
          response: { 200: contestListResponseSchema },
        },
      },
      async (request) => service.listContests(request.query.status),
    );

    app.get(
      '/contests/active/',
      {
        schema: {
          tags: ['contests'],
          summary: 'Contests that have started and are not over',
          response: { 200: contestListResponseSchema },
        },
      },
      async () => service.listContests('active'),
    );

    app.get(
      '/contests/:id/',
      {
        schema: {
          tags: ['contests'],
          summary: 'One contest by id or slug, with its products, requirements and page content',
          params: contestParamsSchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.getContest(request.params.id),
    );

    app.get(
      '/contests/:id/products/',
      {
        schema: {
          tags: ['contests'],
          summary: 'The products a contest offers, with live stock',
          params: contestParamsSchema,
          response: { 200: productListResponseSchema },
        },
      },
      async (request) => service.listContestProducts(request.params.id),
    );

    app.get(
      '/brands/:id/products/',
      {
        schema: {
          tags: ['contests'],
          summary: "A brand's products with live stock (brand 4 is the same catalogue as brand 1)",
          params: brandProductsParamsSchema,
          response: { 200: productListResponseSchema },
        },
      },
      async (request) => service.listBrandProducts(request.params.id),
    );

    app.post(
      '/contests/:id/apply/',
      {
        preHandler: app.requireRole('creator'),
        schema: {
          tags: ['contests'],
          summary: 'Apply to a contest (creators); reserves one unit of the chosen product',
          params: contestParamsSchema,
          body: applyBodySchema,
          response: { 201: applicationResponseSchema },
        },
      },
      async (request, reply) => {
        const application = await service.apply(request.params.id, request.authUser!, request.body);
        return reply.status(201).send(application);
      },
    );
  };
