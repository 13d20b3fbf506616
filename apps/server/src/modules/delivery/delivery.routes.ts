import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  deliveryFileQuerySchema,
  deliverySchema,
  entryIdParamsSchema,
} from '@app/domain';
import type { DeliveryService } from './delivery.service';

const tags = ['delivery'];
const errors = {
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
};

/** Headers of a private file sent as an attachment. */
const attachment = (fileName: string) => ({
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

/**
 * Delivery of a winning entry and its licence certificate (issue 31): staff and the contest's
 * brand, once the results are published.
 */
export const deliveryRoutes =
  ({ delivery: service }: { delivery: DeliveryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/entries/:id/delivery/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            "A winning entry's delivery: master (SHA-256, size), renditions, captions, approved releases, certificate (staff, the contest's brand, after results)",
          params: entryIdParamsSchema,
          response: { 200: deliverySchema, ...errors },
        },
      },
      (request) => service.delivery(request.caller!, request.params.id),
    );

    app.get(
      '/entries/:id/delivery/master/',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            "The delivered master (the judged version's original file): a bearer token or master.url's token",
          params: entryIdParamsSchema,
          querystring: deliveryFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { object, fileName, contentType } = await service.master(request.params.id, {
          user: request.caller,
          token: request.query.token,
        });
        return reply
          .headers(attachment(fileName))
          .header('Content-Type', contentType)
          .header('Content-Length', object.size)
          .send(object.stream);
      },
    );

    app.get(
      '/entries/:id/certificate.pdf',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            "The licence certificate (PDF): contest, brand, creator, agreement hash, grant, the master's SHA-256 and size",
          params: entryIdParamsSchema,
          querystring: deliveryFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await service.certificate(request.params.id, {
          user: request.caller,
          token: request.query.token,
        });
        return reply.headers(attachment(fileName)).header('Content-Type', 'application/pdf').send(pdf);
      },
    );
  };
