import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  agreementQuerySchema,
  agreementResponseSchema,
  updateAgreementBodySchema,
  brandContestListSchema,
  brandOptionListSchema,
  CONTEST_ADMIN_LIMITS,
  CONTEST_ADMIN_MESSAGES,
  contestImageResponseSchema,
  contestProductParamsSchema,
  createContestBodySchema,
  productStockBodySchema,
  productStockListSchema,
  productStockResponseSchema,
  updateContestBodySchema,
  brandProductsParamsSchema,
  contestListQuerySchema,
  contestListResponseSchema,
  contestParamsSchema,
  contestResponseSchema,
  productListResponseSchema,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import { createContestsService, type ContestsOwners, type ContestsServiceDeps } from './contests.service';

/** Contests and their products with live stock (the apply route is in applications.routes.ts). */
export const contestsRoutes =
  (deps: ContestsServiceDeps, owners: ContestsOwners): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin unless another module already registered it for the whole app.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
    const service = createContestsService(deps);
    /** Public reads that also know a signed-in caller (drafts): a bad token reads as anonymous. */
    const identifyIfAny = async (request: FastifyRequest) => {
      try {
        await app.authenticate(request);
      } catch {
        request.caller = undefined;
      }
    };
    const runners = app.requireRole('staff', 'brand');

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
        preHandler: runners,
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

    app.post(
      '/contests/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: 'Create a contest with its products (staff; a brand user for its own brand, as a draft)',
          body: createContestBodySchema,
          response: { 201: contestResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createContestAs(request.caller!, request.body)),
    );

    app.patch(
      '/contests/:id/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: "Edit a contest (staff; a brand user its brand's drafts); absent fields keep their value",
          params: contestParamsSchema,
          body: updateContestBodySchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.updateContest(request.params.id, request.caller!, request.body, owners),
    );

    app.post(
      '/contests/:id/publish/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: 'Publish a contest (staff)',
          params: contestParamsSchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.publishContest(request.params.id, request.caller!),
    );

    app.post(
      '/contests/:id/archive/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: 'Archive a contest: it leaves the public lists (staff)',
          params: contestParamsSchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.archiveContest(request.params.id, request.caller!),
    );

    app.get(
      '/contests/:id/stock/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: "Each product's units left, reserved and in all (staff, the contest's brand)",
          params: contestParamsSchema,
          response: { 200: productStockListSchema },
        },
      },
      async (request) => service.productStock(request.params.id, request.caller!, owners),
    );

    app.post(
      '/contests/:id/products/:product_id/stock/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: 'Set how many units of a product exist in all, never below the reserved ones (staff)',
          params: contestProductParamsSchema,
          body: productStockBodySchema,
          response: { 200: productStockResponseSchema },
        },
      },
      async (request) =>
        service.setProductStock(
          request.params.id,
          request.params.product_id,
          request.caller!,
          request.body.total,
          owners,
        ),
    );

    app.post(
      '/contests/images/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: 'Upload a banner or thumbnail (multipart `image`; JPEG, PNG or WebP), re-encoded as WebP',
          response: { 201: contestImageResponseSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw AppError.validation({ image: [CONTEST_ADMIN_MESSAGES.imageInvalid] });
        const tooLarge = () => AppError.validation({ image: [CONTEST_ADMIN_MESSAGES.imageTooLarge] });
        let image: Buffer | undefined;
        const parts = request.parts({
          limits: { fileSize: CONTEST_ADMIN_LIMITS.imageMaxBytes, files: 1, fields: 5, fieldSize: 1024 },
        });
        for await (const part of parts) {
          if (part.type === 'field') continue;
          const bytes = await part.toBuffer().catch((error: unknown) => {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
            throw error;
          });
          if (part.file.truncated) throw tooLarge();
          if (part.fieldname === 'image' && bytes.length) image = bytes;
        }
        if (!image) throw AppError.validation({ image: [CONTEST_ADMIN_MESSAGES.imageInvalid] });
        return reply.status(201).send(await service.uploadImage(image));
      },
    );

    app.get(
      '/brands/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: 'The brands a contest can be created for (staff: all; a brand user: its own)',
          response: { 200: brandOptionListSchema },
        },
      },
      async (request) => service.brandOptions(request.caller!),
    );

    app.get(
      '/brand/contests/',
      {
        preHandler: runners,
        schema: {
          tags: ['contests'],
          summary: "The brand dashboard: the brand's contests (staff: all), drafts included, with counts",
          response: { 200: brandContestListSchema },
        },
      },
      async (request) => service.managedContests(request.caller!, owners),
    );
  };
