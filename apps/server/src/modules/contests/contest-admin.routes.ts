import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandContestListSchema,
  brandOptionListSchema,
  CONTEST_ADMIN_LIMITS,
  CONTEST_ADMIN_MESSAGES,
  contestImageResponseSchema,
  contestParamsSchema,
  contestProductParamsSchema,
  contestResponseSchema,
  createContestBodySchema,
  productStockBodySchema,
  productStockListSchema,
  productStockResponseSchema,
  updateContestBodySchema,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import { CONTEST_RUNNERS, contestChangers } from './contests.policy';
import type { ContestsPorts, ContestsService } from './contests.service';

/**
 * Running contests: staff and brand users reach these routes (`CONTEST_RUNNERS`); the service then
 * checks that a brand user runs the contest (its brand's) and what only staff may do.
 */

/** Creating, editing, publishing and archiving a contest. */
export const contestEditingRoutes =
  (service: ContestsService, ports: ContestsPorts): FastifyPluginAsyncZod =>
  async (app) => {
    const runners = app.requireRole(...CONTEST_RUNNERS);
    const changers = [runners, contestChangers];

    app.post(
      '/contests/',
      {
        preHandler: changers,
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
        preHandler: changers,
        schema: {
          tags: ['contests'],
          summary: "Edit a contest (staff; a brand user its brand's drafts); absent fields keep their value",
          params: contestParamsSchema,
          body: updateContestBodySchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.updateContest(request.params.id, request.caller!, request.body, ports),
    );

    app.post(
      '/contests/:id/publish/',
      {
        preHandler: changers,
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
        preHandler: changers,
        schema: {
          tags: ['contests'],
          summary: 'Archive a contest: it leaves the public lists (staff)',
          params: contestParamsSchema,
          response: { 200: contestResponseSchema },
        },
      },
      async (request) => service.archiveContest(request.params.id, request.caller!),
    );
  };

/** A contest's product stock: read by its runners, set by staff. */
export const productStockRoutes =
  (service: ContestsService, ports: ContestsPorts): FastifyPluginAsyncZod =>
  async (app) => {
    const runners = app.requireRole(...CONTEST_RUNNERS);

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
      async (request) => service.productStock(request.params.id, request.caller!, ports),
    );

    app.post(
      '/contests/:id/products/:product_id/stock/',
      {
        preHandler: [runners, contestChangers],
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
          ports,
        ),
    );
  };

/** Banners and thumbnails, uploaded before the contest that shows them is saved. */
export const contestImageRoutes =
  (service: ContestsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/contests/images/',
      {
        preHandler: [app.requireRole(...CONTEST_RUNNERS), contestChangers],
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
  };

/** The brand dashboard and the brands a contest can be created for. */
export const brandDashboardRoutes =
  (service: ContestsService, ports: ContestsPorts): FastifyPluginAsyncZod =>
  async (app) => {
    const runners = app.requireRole(...CONTEST_RUNNERS);

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
      async (request) => service.managedContests(request.caller!, ports),
    );
  };
