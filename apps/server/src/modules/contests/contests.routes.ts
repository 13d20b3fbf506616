import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationPayloadSchema, CONTEST_FILTERS, CONTEST_STATUSES } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { createContestsService } from './contests.service';

const contestSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  brand: z.object({ id: z.number(), name: z.string(), slug: z.string(), logo_url: z.string() }),
  thumbnail: z.string().nullable(),
  banner: z.string().nullable(),
  prize: z.number(),
  currency: z.string(),
  eligibility: z.object({ country: z.string(), minimum_age: z.number(), experience: z.string() }),
  brief: z.string(),
  requirements: z.array(z.string()),
  timezone: z.string(),
  starts_at: z.string(),
  application_deadline: z.string(),
  submission_deadline: z.string(),
  judging_starts_at: z.string(),
  judging_ends_at: z.string(),
  winners_at: z.string(),
  deadline: z.string(),
  status: z.enum(CONTEST_STATUSES),
  accepting_applications: z.boolean(),
});

const productSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['available', 'all_picked']),
  stock_quantity: z.number(),
});

const applicationSchema = z.object({
  id: z.number(),
  contest_id: z.number(),
  product_id: z.number(),
  status: z.enum(['pending', 'selected', 'rejected']),
  created_at: z.string(),
  stock_quantity: z.number(),
});

const contestRef = z.object({ id: z.string().min(1).max(200) });

/** The apply body: a missing terms_accepted reads as not accepted ('Terms must be accepted'). */
const applyBody = applicationPayloadSchema.extend({ terms_accepted: z.boolean().default(false) });

/** Contests, their products (chairs with live stock) and applications. */
export const contestsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createContestsService(deps);

    app.get(
      '/contests/',
      {
        schema: {
          tags: ['contests'],
          summary: 'All contests, optionally in one status (active = open, production or judging)',
          querystring: z.object({ status: z.enum(CONTEST_FILTERS).optional() }),
          response: { 200: z.array(contestSchema) },
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
          response: { 200: z.array(contestSchema) },
        },
      },
      async () => service.listContests('active'),
    );

    app.get(
      '/contests/:id/',
      {
        schema: {
          tags: ['contests'],
          summary: 'One contest by id or slug',
          params: contestRef,
          response: { 200: contestSchema },
        },
      },
      async (request) => service.getContest(request.params.id),
    );

    app.get(
      '/contests/:id/products/',
      {
        schema: {
          tags: ['contests'],
          summary: 'The products (chairs) a contest offers, with live stock',
          params: contestRef,
          response: { 200: z.array(productSchema) },
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
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: z.array(productSchema) },
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
          summary: 'Apply to a contest (creators); reserves one unit of the chosen chair',
          params: contestRef,
          body: applyBody,
          response: { 201: applicationSchema },
        },
      },
      async (request, reply) => {
        const application = await service.apply(request.params.id, request.authUser!.id, request.body);
        return reply.status(201).send(application);
      },
    );
  };
