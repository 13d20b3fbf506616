import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@app/domain';
import { AppError } from '../lib/errors';

/**
 * One error handler, one JSON shape: `{detail, code, ...fieldErrors}`.
 * 5xx answers never carry internals (stack, SQL); they are logged instead.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, detail: error.detail, code: error.code, ...error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.[0] ?? 'non_field_errors');
        (fields[field] ??= []).push(issue.message ?? MESSAGES.generic.invalidInput);
      }
      const first = Object.values(fields)[0]?.[0] ?? MESSAGES.generic.invalidInput;
      return reply.status(400).send({ detail: first, code: 'validation', ...fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: MESSAGES.generic.rateLimited, code: 'rate_limited' });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: MESSAGES.generic.serverError, code: 'internal' });
    }
    const code = status === 413 ? 'payload_too_large' : status === 404 ? 'not_found' : 'bad_request';
    return reply.status(status).send({ detail: error.message, code });
  });
}
