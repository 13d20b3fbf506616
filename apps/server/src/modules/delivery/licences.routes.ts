import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  entryIdParamsSchema,
  entryLicenceSchema,
  licenceExtensionIdParamsSchema,
  licenceExtensionSchema,
  licenceIdParamsSchema,
  licenceVerificationSchema,
  proposeExtensionBodySchema,
  revokeLicenceBodySchema,
} from '@app/domain';
import { licenceExtenders } from './delivery.policy';
import type { LicencesService } from './licences.service';

const tags = ['licences'];

const decisionResponses = {
  200: licenceExtensionSchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

/**
 * Licences with terms (issue 51): an entry's licence, the public check of a certificate, a staff
 * revocation, and extensions the brand proposes and the creator answers.
 */
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

    app.post(
      '/licences/:id/extensions/',
      {
        preHandler: [app.requireRole('staff', 'brand'), licenceExtenders],
        schema: {
          tags,
          summary:
            "Propose a licence extension (months, fee): staff and the brand's owners and managers; one waiting at a time; audited, the creator told",
          params: licenceIdParamsSchema,
          body: proposeExtensionBodySchema,
          response: {
            201: licenceExtensionSchema,
            400: apiErrorBodySchema,
            401: apiErrorBodySchema,
            403: apiErrorBodySchema,
            404: apiErrorBodySchema,
            409: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.proposeExtension(request.caller!, request.params.id, request.body)),
    );

    for (const [action, summary] of [
      [
        'accept',
        "Accept a licence extension: the licence's creator; the end moves, the fee goes on the ledger",
      ],
      ['decline', "Decline a licence extension: the licence's creator; the end stays"],
    ] as const)
      app.post(
        `/licence-extensions/:id/${action}/`,
        {
          preHandler: app.requireRole('creator'),
          schema: { tags, summary, params: licenceExtensionIdParamsSchema, response: decisionResponses },
        },
        (request) =>
          action === 'accept'
            ? service.acceptExtension(request.caller!, request.params.id)
            : service.declineExtension(request.caller!, request.params.id),
      );
  };
