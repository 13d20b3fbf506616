import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, MESSAGES, videoPageSchema, videoSchema, videoUpdateSchema } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { checkVideoText, createVideosService, type PageRequest, type ReceivedVideo } from './videos.service';
import { registerTusUploads } from './tus-uploads';

const tags = ['videos'];

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
/** Paging never fails: a bad page number is page 1, a too-large page size is the maximum. */
const paging = {
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, LIMITS.videoPageSizeMax))
    .catch(LIMITS.videoPageSizeDefault)
    .default(LIMITS.videoPageSizeDefault),
};
const listQuery = z.object({
  ...paging,
  is_approved: flag.optional().catch(undefined),
  is_standalone: flag.optional().catch(undefined),
  mine: flag.optional().catch(undefined),
  ordering: z.enum(['-created_at', 'created_at']).catch('-created_at').default('-created_at'),
});
const searchQuery = z.object({
  ...paging,
  // Any value at all (missing, repeated, 1,000 characters, emoji) is a valid query.
  query: z
    .unknown()
    .optional()
    .transform((value) =>
      Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '',
    ),
});
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errorBody = z.object({ detail: z.string(), code: z.string() }).loose();

/**
 * The list and the search answer pages of up to 100 videos: their schema documents the answer and
 * types the handler, but checking every field of every video again at run time cost a large share
 * of those requests; the page is built field by field by `toDto`, so it is written as it is.
 */
const typedPage = { serializerCompiler: () => (page: unknown) => JSON.stringify(page) };

function pageRequest(request: FastifyRequest, query: { page: number; page_size: number }): PageRequest {
  return { page: query.page, pageSize: query.page_size, url: new URL(request.url, 'http://localhost') };
}

/**
 * Videos (spec §7): multipart upload, resumable (tus) upload, the public list and search,
 * and each video's page data; owners change or delete their own.
 */
export const videosRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const videos = createVideosService(deps);

    await app.register(async (scope) => {
      // Limits for this route only: one file of at most 500 MB, small text fields.
      await scope.register(multipart, {
        limits: { fileSize: LIMITS.maxVideoBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
      });
      scope.post(
        '/videos/upload/',
        {
          preHandler: scope.requireRole('creator'),
          schema: {
            tags,
            summary: 'Upload a video (multipart: video, title, optional description); at most 500 MB',
            consumes: ['multipart/form-data'],
            response: { 201: videoSchema, 400: errorBody, 413: errorBody },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) throw AppError.validation({ video: [MESSAGES.upload.noFile] });
          const fields: Record<string, string> = {};
          let received: ReceivedVideo | undefined;
          try {
            for await (const part of request.parts()) {
              if (part.type === 'file') {
                if (part.fieldname !== 'video' || received) {
                  part.file.resume();
                  continue;
                }
                received = await videos.receiveVideo(part.file);
              } else if (typeof part.value === 'string') {
                fields[part.fieldname] = part.value;
              }
            }
            if (!received) throw AppError.validation({ video: [MESSAGES.upload.noFile] });
            const text = checkVideoText({ title: fields.title, description: fields.description });
            const video = await videos.createVideo(request.authUser!, received, text);
            return reply.status(201).send(video);
          } catch (error) {
            await videos.discard(received);
            // The client may still be sending a refused file: do not keep the connection.
            reply.header('Connection', 'close');
            throw error;
          }
        },
      );
    });

    app.get(
      '/videos/videos/',
      {
        preHandler: app.authenticate,
        ...typedPage,
        schema: {
          tags,
          summary: 'Approved videos, newest first; is_standalone=true or mine=true for your own',
          querystring: listQuery,
          response: { 200: videoPageSchema },
        },
      },
      (request) =>
        videos.list(
          request.authUser,
          {
            standalone: request.query.is_standalone === true,
            mine: request.query.mine === true,
            approved: request.query.is_approved,
            newestFirst: request.query.ordering === '-created_at',
          },
          pageRequest(request, request.query),
        ),
    );

    app.get(
      '/videos/search/',
      {
        ...typedPage,
        schema: {
          tags,
          summary: 'Full-text search over approved videos (title, description, brand, creator)',
          querystring: searchQuery,
          response: { 200: videoPageSchema },
        },
      },
      (request) => videos.search(request.query.query, pageRequest(request, request.query)),
    );

    app.get(
      '/videos/videos/:id/',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'One video',
          params: idParams,
          response: { 200: videoSchema, 404: errorBody },
        },
      },
      (request) => videos.get(request.params.id, request.authUser),
    );

    app.put(
      '/videos/videos/:id/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Change the title or description of your video',
          params: idParams,
          body: videoUpdateSchema,
          response: { 200: videoSchema, 400: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      (request) => videos.update(request.params.id, request.authUser!, request.body),
    );

    app.delete(
      '/videos/videos/:id/',
      {
        preHandler: app.requireUser,
        schema: { tags, summary: 'Delete your video and its files', params: idParams },
      },
      async (request, reply) => {
        await videos.remove(request.params.id, request.authUser!);
        return reply.status(204).send();
      },
    );

    await registerTusUploads(app, deps, videos);
  };
