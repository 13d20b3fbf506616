import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  LIMITS,
  VIDEO_CAPTION_LIMITS,
  VIDEO_CAPTION_MESSAGES,
  videoDownloadQuerySchema,
  MESSAGES,
  videoIdParamsSchema,
  videoListQuerySchema,
  videoPageSchema,
  videoSchema,
  videoSearchQuerySchema,
  videoQcSchema,
  videoUpdateBodySchema,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { VideosService } from './videos.service';
import type { VideoLibrary } from './library';
import type { AccessCheck } from '../../plugins/auth';
import { registerTusUploads } from './tus-uploads';

export type VideosRoutesDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log' | 'tokens'>;

const tags = ['videos'];

/** The request's own URL (path and query), to build next/previous links from. */
const requestUrl = (request: FastifyRequest) => new URL(request.url, 'http://localhost');

/** The multipart upload (creators). */
const uploadRoutes =
  (videos: VideosService): FastifyPluginAsyncZod =>
  async (app) => {
    // Limits for this route only: one file of at most 500 MB, small text fields.
    await app.register(multipart, {
      limits: { fileSize: LIMITS.maxVideoBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
    });
    app.post(
      '/videos/upload/',
      {
        preHandler: app.requireRole('creator'),
        schema: {
          tags,
          summary: 'Upload a video (multipart: video, title, optional description); at most 500 MB',
          consumes: ['multipart/form-data'],
          response: {
            201: videoSchema,
            400: apiErrorBodySchema,
            413: apiErrorBodySchema,
            429: apiErrorBodySchema,
            507: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw AppError.validation({ video: [MESSAGES.upload.noFile] });
        try {
          const video = await videos.uploadVideo(request.caller!, request.parts(), {
            incomingBytes: Number(request.headers['content-length'] ?? 0) || 0,
          });
          return reply.status(201).send(video);
        } catch (error) {
          // The client may still be sending a refused file: do not keep the connection.
          reply.header('Connection', 'close');
          throw error;
        }
      },
    );
  };

/**
 * The library: the list, the search and each video's page. The list and the search answer pages
 * of up to 100 videos, built field by field by the presenter: written as presented (checking
 * every field of every video again at run time cost a large share of those requests).
 */
const libraryRoutes =
  (library: VideoLibrary): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/videos/videos/',
      {
        preHandler: app.authenticate,
        config: { presented: true },
        schema: {
          tags,
          summary: 'Approved videos, newest first; is_standalone=true or mine=true for your own',
          querystring: videoListQuerySchema,
          response: { 200: videoPageSchema },
        },
      },
      (request) => library.list(request.caller, request.query, requestUrl(request)),
    );

    app.get(
      '/videos/search/',
      {
        config: { presented: true },
        schema: {
          tags,
          summary: 'Full-text search over approved videos (title, description, brand, creator)',
          querystring: videoSearchQuerySchema,
          response: { 200: videoPageSchema },
        },
      },
      (request) => library.search(request.query, requestUrl(request)),
    );

    app.get(
      '/videos/videos/:id/',
      {
        preHandler: app.authenticate,
        config: { presented: true },
        schema: {
          tags,
          summary: 'One video',
          params: videoIdParamsSchema,
          response: { 200: videoSchema, 404: apiErrorBodySchema },
        },
      },
      (request) => library.get(request.params.id, request.caller),
    );
  };

/** The owner's changes: title and description, deletion, caption tracks. */
const ownerRoutes =
  (videos: VideosService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/videos/videos/:id/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Change the title or description of your video',
          params: videoIdParamsSchema,
          body: videoUpdateBodySchema,
          response: {
            200: videoSchema,
            400: apiErrorBodySchema,
            403: apiErrorBodySchema,
            404: apiErrorBodySchema,
          },
        },
      },
      (request) => videos.update(request.params.id, request.caller!, request.body),
    );

    app.delete(
      '/videos/videos/:id/',
      {
        preHandler: app.requireUser,
        schema: { tags, summary: 'Delete your video and its files', params: videoIdParamsSchema },
      },
      async (request, reply) => {
        await videos.remove(request.params.id, request.caller!);
        return reply.status(204).send();
      },
    );

    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      // Captions are small text files.
      await scope.register(multipart, {
        limits: { fileSize: VIDEO_CAPTION_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
      });
      scope.post(
        '/videos/videos/:id/captions/',
        {
          preHandler: scope.requireUser,
          schema: {
            tags,
            summary:
              'Add or replace a caption track of your video (multipart: language as a BCP 47 tag, file WebVTT or SRT)',
            consumes: ['multipart/form-data'],
            params: videoIdParamsSchema,
            response: {
              200: videoSchema,
              400: apiErrorBodySchema,
              401: apiErrorBodySchema,
              403: apiErrorBodySchema,
              404: apiErrorBodySchema,
            },
          },
        },
        async (request) => {
          if (!request.isMultipart()) throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.noFile] });
          return videos.addCaptions(request.params.id, request.caller!, request.parts());
        },
      );
    });
  };

/** The original file's download, with byte ranges. */
const downloadRoutes =
  (videos: VideosService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/videos/videos/:id/download/',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            "Download the original file (its creator, staff; the contest's brand only for a winning entry's master, after results): a bearer token or download_url's token",
          params: videoIdParamsSchema,
          querystring: videoDownloadQuerySchema,
          // 200/206 the file, 416 a range past its end; 401, 403 and 404 as apiErrorBodySchema.
        },
      },
      async (request, reply) => {
        const result = await videos.download(
          request.params.id,
          { user: request.caller, token: request.query.token },
          request.headers.range,
        );
        reply
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Accept-Ranges', 'bytes')
          .header('Referrer-Policy', 'no-referrer');
        if ('unsatisfiable' in result)
          return reply.status(416).header('Content-Range', `bytes */${result.unsatisfiable}`).send();
        const { object, fileName, contentType, size } = result;
        reply
          .header('Content-Type', contentType)
          .header('Content-Disposition', `attachment; filename="${fileName}"`);
        if (object.range) {
          reply
            .status(206)
            .header('Content-Range', `bytes ${object.range.start}-${object.range.end}/${size}`)
            .header('Content-Length', object.range.end - object.range.start + 1);
        } else {
          reply.header('Content-Length', size);
        }
        return reply.send(object.stream);
      },
    );
  };

/** The technical check of a video (issue 51). */
const qcRoutes =
  (videos: VideosService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/videos/videos/:id/qc/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            "The video's technical check (loudness, true peak, black, frozen and silent stretches, bars, stream facts): its creator, staff, and the brand (judges) of a contest it is entered in",
          params: videoIdParamsSchema,
          response: { 200: videoQcSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
        },
      },
      (request) => videos.qcReport(request.params.id, request.caller!),
    );
  };

/**
 * Videos (spec §7): multipart upload, resumable (tus) upload, the public list and search,
 * and each video's page data; owners change or delete their own.
 */
export const videosRoutes =
  (
    deps: VideosRoutesDeps,
    {
      videos,
      videoLibrary,
      accessCheck,
    }: { videos: VideosService; videoLibrary: VideoLibrary; accessCheck: AccessCheck },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(uploadRoutes(videos));
    await app.register(libraryRoutes(videoLibrary));
    await app.register(ownerRoutes(videos));
    await app.register(downloadRoutes(videos));
    await app.register(qcRoutes(videos));
    await registerTusUploads(app, deps, videos, accessCheck);
  };
