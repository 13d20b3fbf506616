import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  entryIdParamsSchema,
  entryLicenceSchema,
  licenceIdParamsSchema,
  licenceVerificationSchema,
  revokeLicenceBodySchema,
} from '@app/domain';
import type { LicencesService } from './licences.service';

const tags = ['licences'];

/** Licences with terms (issue 51): an entry's licence, and the public check of a certificate. */
export const licencesRoutes =
  ({ licences: service }: { licences: LicencesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/entries/:id/licence/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            "A placed entry's licence: id, status, dates, channels, territories, exclusivity, master SHA-256 (the contest's brand, staff, the creator; after results)",
          params: entryIdParamsSchema,
          response: { 200: entryLicenceSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
        },
      },
      (request) => service.licenceOfEntry(request.caller!, request.params.id),
    );

    app.get(
      '/licences/:id/verify/',
      {
        schema: {
          tags,
          summary:
            "Public check of a licence certificate: valid, expired or revoked, with its terms and the master's SHA-256 (rate-limited)",
          params: licenceIdParamsSchema,
          response: { 200: licenceVerificationSchema, 404: apiErrorBodySchema, 429: apiErrorBodySchema },
        },
      },
      (request) => service.verify(request.params.id, request.ip),
    );

    app.post(
      '/licences/:id/revoke/',
      {
        preHandler: app.requireRole('staff'),
        schema: {
          tags,
          summary:
            'Revoke a licence (a takedown) with a reason: staff; audited, the creator and the brand told',
          params: licenceIdParamsSchema,
          body: revokeLicenceBodySchema,
          response: {
            200: entryLicenceSchema,
            401: apiErrorBodySchema,
            403: apiErrorBodySchema,
            404: apiErrorBodySchema,
            409: apiErrorBodySchema,
          },
        },
      },
      (request) => service.revoke(request.caller!, request.params.id, request.body),
    );
  };
