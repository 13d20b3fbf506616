import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationDecisionBodySchema,
  applicationResponseSchema,
  applyBodySchema,
  applicationListQuerySchema,
  applicationParamsSchema,
  contestParamsSchema,
  managedApplicationPageSchema,
  managedApplicationSchema,
  releaseBodySchema,
  releasePreviewQuerySchema,
  releasePreviewSchema,
  releaseResponseSchema,
  shipmentBodySchema,
  type ManagedApplication,
} from '@app/domain';
import { CONTEST_RUNNERS, STAFF_ONLY, selectionChangers } from './applications.policy';
import type { ApplicationsService } from './applications.service';
import type { Caller } from '../../plugins/auth';

const tags = ['applications'];

/**
 * Applying, and selecting creators and shipping (issue 14). Staff and brand users reach the
 * selection routes; the service then checks that a brand user belongs to the contest's brand
 * (another brand: 403, or 404 for its drafts). Creators and anonymous callers: 403 / 401.
 * Withdrawing a selected creator and releasing held applications in bulk are staff's only.
 */
export const applicationsRoutes =
  ({ applications: service }: { applications: ApplicationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(applyRoutes(service));
    await app.register(contestApplicationsRoutes(service));
    await app.register(applicationRoutes(service));
  };

/** A creator applies to a contest. */
const applyRoutes =
  (service: ApplicationsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Applying lives here (applications writes the application); the route keeps its place in the
    // API's contests section.
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
        const application = await service.apply(request.params.id, request.caller!, request.body, {
          ip: request.ip,
        });
        return reply.status(201).send(application);
      },
    );
  };

/** A contest's applications: the list, the bulk release of held ones, the shipping list. */
const contestApplicationsRoutes =
  (service: ApplicationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const runners = app.requireRole(...CONTEST_RUNNERS);
    const staffOnly = app.requireRole(...STAFF_ONLY);
    const requestUrl = (url: string) => new URL(url, 'http://localhost');

    app.get(
      '/contests/:id/applications/',
      {
        preHandler: runners,
        config: { presented: true },
        schema: {
          tags,
          summary: "A contest's applications (staff, the contest's brand), by status and product, sorted",
          params: contestParamsSchema,
          querystring: applicationListQuerySchema,
          response: { 200: managedApplicationPageSchema },
        },
      },
      async (request) =>
        service.list(request.params.id, request.caller!, request.query, requestUrl(request.url)),
    );

    app.get(
      '/contests/:id/applications/release/',
      {
        preHandler: staffOnly,
        schema: {
          tags,
          summary: 'How many pending applications a release older than N days would decline now (staff)',
          params: contestParamsSchema,
          querystring: releasePreviewQuerySchema,
          response: { 200: releasePreviewSchema },
        },
      },
      async (request) => service.releasePreview(request.params.id, request.caller!, request.query),
    );

    app.post(
      '/contests/:id/applications/release/',
      {
        preHandler: staffOnly,
        schema: {
          tags,
          summary: 'Decline every pending application older than N days and return its unit (staff)',
          params: contestParamsSchema,
          body: releaseBodySchema,
          response: { 200: releaseResponseSchema },
        },
      },
      async (request) => service.release(request.params.id, request.caller!, request.body),
    );

    app.get(
      '/contests/:id/shipping.csv',
      {
        preHandler: runners,
        schema: {
          tags,
          summary: "The selected creators' shipping list as CSV (staff, the contest's brand)",
          params: contestParamsSchema,
        },
      },
      async (request, reply) => {
        const { contest, csv } = await service.shippingCsv(request.params.id, request.caller!);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="shipping-${contest.slug}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };

/** One application: the decisions on it, its shipment and delivery. */
const applicationRoutes =
  (service: ApplicationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const runners = app.requireRole(...CONTEST_RUNNERS);
    const changers = [runners, selectionChangers];

    const decision = (
      path: string,
      summary: string,
      run: (id: number, user: Caller, note: string) => Promise<ManagedApplication>,
      preHandler: typeof changers | ReturnType<typeof app.requireRole> = changers,
    ) =>
      app.post(
        path,
        {
          preHandler,
          schema: {
            tags,
            summary,
            params: applicationParamsSchema,
            body: applicationDecisionBodySchema,
            response: { 200: managedApplicationSchema },
          },
        },
        async (request) => run(request.params.id, request.caller!, request.body?.note ?? ''),
      );

    decision(
      '/applications/:id/select/',
      'Select an applicant; e-mails the brief and next steps',
      (id, user, note) => service.select(id, user, note),
    );
    decision(
      '/applications/:id/decline/',
      'Decline an applicant (kind e-mail); the unit returns to stock',
      (id, user, note) => service.decline(id, user, note),
    );
    decision(
      '/applications/:id/withdraw/',
      'Withdraw a selected creator before shipping (staff); the unit returns',
      (id, user, note) => service.withdraw(id, user, note),
      app.requireRole(...STAFF_ONLY),
    );

    app.post(
      '/applications/:id/shipment/',
      {
        preHandler: changers,
        schema: {
          tags,
          summary: "Mark a selected creator's product shipped with carrier and tracking number (e-mailed)",
          params: applicationParamsSchema,
          body: shipmentBodySchema,
          response: { 200: managedApplicationSchema },
        },
      },
      async (request) => service.ship(request.params.id, request.caller!, request.body),
    );

    app.post(
      '/applications/:id/delivered/',
      {
        preHandler: changers,
        schema: {
          tags,
          summary: 'Mark a shipped product delivered',
          params: applicationParamsSchema,
          response: { 200: managedApplicationSchema },
        },
      },
      async (request) => service.deliver(request.params.id, request.caller!),
    );
  };
