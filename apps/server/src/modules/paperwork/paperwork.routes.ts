import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  entryIdParamsSchema,
  PAPERWORK_LIMITS,
  PAPERWORK_MESSAGES,
  payeeBodySchema,
  payeeOrNoneSchema,
  payeeSchema,
  payeeUserParamsSchema,
  rejectReleaseBodySchema,
  releaseFileQuerySchema,
  releaseIdParamsSchema,
  releaseKindSchema,
  releaseListSchema,
  releaseSchema,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { PaperworkService, ReleaseForm } from './paperwork.service';

const tags = ['paperwork'];
const errors = { 400: apiErrorBodySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema };

/** The release upload form: its `kind` field and its `file` (the first file part). */
async function readReleaseForm(request: FastifyRequest): Promise<ReleaseForm> {
  const noFile = () => AppError.validation({ file: [PAPERWORK_MESSAGES.releaseFile] });
  if (!request.isMultipart()) throw noFile();
  const tooLarge = () => new AppError('payload_too_large', PAPERWORK_MESSAGES.releaseTooLarge);
  let kind: string | undefined;
  let file: { name: string; bytes: Buffer } | undefined;
  const parts = request.parts({
    limits: { fileSize: PAPERWORK_LIMITS.releaseMaxBytes, files: 1, fields: 4, fieldSize: 1024 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'kind') kind = String(part.value);
      continue;
    }
    const bytes = await part.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    });
    if (part.file.truncated) throw tooLarge();
    if (part.fieldname === 'file' && bytes.length)
      file = { name: part.filename.slice(0, PAPERWORK_LIMITS.fileNameMax), bytes };
  }
  const parsedKind = releaseKindSchema.safeParse(kind);
  if (!parsedKind.success) throw AppError.validation({ kind: [PAPERWORK_MESSAGES.releaseKind] });
  if (!file) throw noFile();
  return { kind: parsedKind.data, fileName: file.name, bytes: file.bytes };
}

/**
 * Winner paperwork (issue 31): release forms with an entry (the entrant files them, staff review
 * them, the contest's brand sees them) and the creator's payee details for prize payments.
 */
export const paperworkRoutes =
  ({ paperwork: service }: { paperwork: PaperworkService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin unless another module already registered it for the whole app.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

    app.post(
      '/entries/:id/releases/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: `File a release with your entry (multipart \`kind\`, \`file\`: PDF, JPEG or PNG, at most 10 MB; at most ${PAPERWORK_LIMITS.releasesPerKind} of a kind waiting for review or approved; counted in your storage quota)`,
          consumes: ['multipart/form-data'],
          params: entryIdParamsSchema,
          response: {
            201: releaseSchema,
            ...errors,
            409: apiErrorBodySchema,
            413: apiErrorBodySchema,
            429: apiErrorBodySchema,
            507: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        // The body is read only once the service lets this upload begin.
        const release = await service.fileRelease(request.caller!, request.params.id, () =>
          readReleaseForm(request),
        );
        return reply.status(201).send(release);
      },
    );

    app.get(
      '/entries/:id/releases/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "An entry's releases (the entrant, staff, the contest's brand)",
          params: entryIdParamsSchema,
          response: { 200: releaseListSchema, ...errors },
        },
      },
      (request) => service.listReleases(request.caller!, request.params.id),
    );

    app.post(
      '/releases/:id/approve/',
      {
        preHandler: app.requireStaff,
        schema: {
          tags,
          summary: 'Approve a pending release (staff)',
          params: releaseIdParamsSchema,
          response: { 200: releaseSchema, ...errors, 409: apiErrorBodySchema },
        },
      },
      (request) => service.approve(request.caller!, request.params.id),
    );

    app.post(
      '/releases/:id/reject/',
      {
        preHandler: app.requireStaff,
        schema: {
          tags,
          summary: 'Reject a pending release with the reason the entrant reads (staff)',
          params: releaseIdParamsSchema,
          body: rejectReleaseBodySchema,
          response: { 200: releaseSchema, ...errors, 409: apiErrorBodySchema },
        },
      },
      (request) => service.reject(request.caller!, request.params.id, request.body.reason),
    );

    app.get(
      '/releases/:id/file/',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: "A release's file (who may see its entry): a bearer token or file_url's token",
          params: releaseIdParamsSchema,
          querystring: releaseFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { object, fileName, contentType } = await service.releaseFile(request.params.id, {
          user: request.caller,
          token: request.query.token,
        });
        return reply
          .header('Content-Type', contentType)
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Content-Length', object.size)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Referrer-Policy', 'no-referrer')
          .send(object.stream);
      },
    );

    app.get(
      '/accounts/creators/payee/',
      {
        preHandler: app.requireRole('creator'),
        schema: {
          tags,
          summary:
            'Your payee details for prize payments (the taxpayer id by its last four characters); null until entered',
          response: { 200: payeeOrNoneSchema, ...errors },
        },
      },
      (request) => service.payee(request.caller!),
    );

    app.put(
      '/accounts/creators/payee/',
      {
        preHandler: app.requireRole('creator'),
        schema: {
          tags,
          summary:
            'Enter or replace your payee details (legal name, country, address, tax form, taxpayer id)',
          body: payeeBodySchema,
          response: { 200: payeeSchema, ...errors },
        },
      },
      (request) => service.savePayee(request.caller!, request.body),
    );

    app.get(
      '/payouts/payees/:user_id/',
      {
        preHandler: app.requireStaff,
        schema: {
          tags,
          summary:
            "A creator's payee details, to pay a prize (staff; every view is audited); null until entered",
          params: payeeUserParamsSchema,
          response: { 200: payeeOrNoneSchema, ...errors },
        },
      },
      (request) => service.payeeForStaff(request.caller!, request.params.user_id),
    );
  };
