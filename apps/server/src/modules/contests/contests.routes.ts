import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agreementQuerySchema,
  agreementResponseSchema,
  updateAgreementBodySchema,
  brandProductsParamsSchema,
  contestListQuerySchema,
  contestListResponseSchema,
  contestParamsSchema,
  contestResponseSchema,
  productListResponseSchema,
  roundListResponseSchema,
  updateRoundsBodySchema,
} from '@app/domain';
import {
  brandDashboardRoutes,
  contestEditingRoutes,
  contestImageRoutes,
  productStockRoutes,
} from './contest-admin.routes';
import { CONTEST_RUNNERS, contestChangers } from './contests.policy';
import type { ContestsPorts, ContestsService } from './contests.service';

/**
 * Contests and their products with live stock (the apply route is in applications.routes.ts): the
 * public reads and the agreement here, running contests in contest-admin.routes.ts.
 */
export const contestsRoutes =
  ({
    contests: service,
    contestsPorts: ports,
  }: {
    contests: ContestsService;
    contestsPorts: ContestsPorts;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin unless another module already registered it for the whole app.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
    await app.register(contestReadRoutes(service));
    await app.register(agreementRoutes(service));
    await app.register(roundRoutes(service, ports));
    await app.register(contestEditingRoutes(service, ports));
    await app.register(productStockRoutes(service, ports));
    await app.register(contestImageRoutes(service));
    await app.register(brandDashboardRoutes(service, ports));
  };

/** Public reads that also know a signed-in caller (drafts): a bad token reads as anonymous. */
function identifyingIfAny(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    try {
      await app.authenticate(request);
    } catch {
      request.caller = undefined;
    }
  };
}

/** The contests, one contest and the products they offer, as anyone reads them. */
const contestReadRoutes =
  (service: ContestsService): FastifyPluginAsyncZod =>
  async (app) => {
    const identifyIfAny = identifyingIfAny(app);

    app.get(
      '/contests/',
      {
        preHandler: identifyIfAny,
        schema: {
          tags: ['contests'],
          summary: 'All contests, optionally in one status (active = open, production or judging)',
          querystring: contestListQuerySchema,
          response: { 200: contestListResponseSchema },
        },
      },
      async (request) => service.listContests(request.query.status, request.caller),
    );

    app.get(
      '/contests/active/',
      {
        preHandler: identifyIfAny,
        schema: {
          tags: ['contests'],
          summary: 'Contests that have started and are not over',
          response: { 200: contestListResponseSchema },
        },
      },
      async (request) => service.listContests('active', request.caller),
    );

    app.get(
      '/contests/:id/',
      {
        preHandler: identifyIfAny,
        config: { presented: true },
        schema: {
          tags: ['contests'],
          summary: 'One contest by id or slug, with its products, requirements and page content',
          params: contestParamsSchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.getContest(request.params.id, request.caller),
    );

    app.get(
      '/contests/:id/products/',
      {
        preHandler: identifyIfAny,
        config: { presented: true },
        schema: {
          tags: ['contests'],
          summary: 'The products a contest offers, with live stock',
          params: contestParamsSchema,
          response: { 200: productListResponseSchema },
        },
      },
      async (request) => service.listContestProducts(request.params.id, request.caller),
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
  };

/** A contest's agreement: read by anyone who sees the contest, saved by staff. */
const agreementRoutes =
  (service: ContestsService): FastifyPluginAsyncZod =>
  async (app) => {
    const identifyIfAny = identifyingIfAny(app);
    const runners = app.requireRole(...CONTEST_RUNNERS);

    app.get(
      '/contests/:id/agreement/',
      {
        preHandler: identifyIfAny,
        schema: {
          tags: ['contests'],
          summary:
            "A contest's agreement: the current version or `?version=N`, with a signed-in creator's latest acceptance (public for published contests)",
          params: contestParamsSchema,
          querystring: agreementQuerySchema,
          response: { 200: agreementResponseSchema },
        },
      },
      async (request) => service.getAgreement(request.params.id, request.caller, request.query.version),
    );

    app.put(
      '/contests/:id/agreement/',
      {
        preHandler: [runners, contestChangers],
        schema: {
          tags: ['contests'],
          summary:
            "Save a contest's agreement text (staff): a draft's version 1 in place, a published contest's as a new version",
          params: contestParamsSchema,
          body: updateAgreementBodySchema,
          response: { 200: agreementResponseSchema },
        },
      },
      async (request) => service.updateAgreement(request.params.id, request.caller!, request.body.text),
    );
  };

/** A contest's rounds (issue 47): read by anyone who sees the contest, saved by whoever edits it. */
const roundRoutes =
  (service: ContestsService, ports: ContestsPorts): FastifyPluginAsyncZod =>
  async (app) => {
    const identifyIfAny = identifyingIfAny(app);
    const runners = app.requireRole(...CONTEST_RUNNERS);

    app.get(
      '/contests/:id/rounds/',
      {
        preHandler: identifyIfAny,
        schema: {
          tags: ['contests'],
          summary:
            "A contest's rounds in order, each with its window, policy, stipend, rubric and status (public for published contests)",
          params: contestParamsSchema,
          response: { 200: roundListResponseSchema },
        },
      },
      async (request) => service.listRounds(request.params.id, request.caller),
    );

    app.put(
      '/contests/:id/rounds/',
      {
        preHandler: [runners, contestChangers],
        schema: {
          tags: ['contests'],
          summary:
            "Save a contest's whole list of rounds (staff; the brand's owners and managers while a draft); the contest's deadline, judging end and rubric follow the last round",
          params: contestParamsSchema,
          body: updateRoundsBodySchema,
          response: { 200: roundListResponseSchema },
        },
      },
      async (request) => service.updateRounds(request.params.id, request.caller!, request.body, ports),
    );
  };
