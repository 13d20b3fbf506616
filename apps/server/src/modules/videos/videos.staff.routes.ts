import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  bulkApproveBodySchema,
  bulkRejectBodySchema,
  bulkReviewResponseSchema,
  staffVideoListQuerySchema,
  staffVideoPageSchema,
  videoIdParamsSchema,
  videoRejectBodySchema,
  videoSchema,
} from '@app/domain';
import type { VideosService } from './videos.service';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** The review queue and decisions (mounted inside the staff plugin, which admits staff only). */
export const staffVideosRoutes =
  ({ videos }: { videos: VideosService }): FastifyPluginAsyncZod =>
  async (app) => {
    const actorOf = (request: { caller?: { id: number } }) => ({ userId: request.caller!.id });

    app.get(
      '/videos/',
      {
        config: { presented: true },
        schema: {
          tags,
          security,
          summary: 'The review queue: videos by decision (or failed processing), oldest first',
          querystring: staffVideoListQuerySchema,
          response: { 200: staffVideoPageSchema },
        },
      },
      (request) => videos.reviewQueue(request.query, new URL(request.url, 'http://localhost')),
    );

    app.post(
      '/videos/:id/approve/',
      {
        schema: {
          tags,
          security,
          summary: 'Approve a pending video: public in the library and search at once',
          params: videoIdParamsSchema,
          response: { 200: videoSchema, ...errors },
        },
      },
      (request) => videos.review(actorOf(request), request.params.id, { status: 'approved' }),
    );

    app.post(
      '/videos/:id/reject/',
      {
        schema: {
          tags,
          security,
          summary: 'Reject a pending video with a reason its owner reads',
          params: videoIdParamsSchema,
          body: videoRejectBodySchema,
          response: { 200: videoSchema, ...errors },
        },
      },
      (request) =>
        videos.review(actorOf(request), request.params.id, {
          status: 'rejected',
          reason: request.body.reason,
        }),
    );

    app.post(
      '/videos/approve/',
      {
        schema: {
          tags,
          security,
          summary: 'Approve many videos: a result per id (decided, conflict, not_found)',
          body: bulkApproveBodySchema,
          response: { 200: bulkReviewResponseSchema },
        },
      },
      (request) => videos.reviewMany(actorOf(request), request.body.ids, { status: 'approved' }),
    );

    app.post(
      '/videos/reject/',
      {
        schema: {
          tags,
          security,
          summary: 'Reject many videos with one reason: a result per id',
          body: bulkRejectBodySchema,
          response: { 200: bulkReviewResponseSchema },
        },
      },
      (request) =>
        videos.reviewMany(actorOf(request), request.body.ids, {
          status: 'rejected',
          reason: request.body.reason,
        }),
    );
  };
