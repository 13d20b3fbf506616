import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isValidatorWording, MESSAGES } from '@app/domain';
import { AppError } from '../lib/errors';
import { isDatabaseUnreachable } from '../lib/database-errors';

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
      // `detail` is read by people: our schemas' own messages are, zod's wording is not. Field
      // errors keep the validator's messages for API clients (the web words them for people).
      const first = Object.values(fields)[0]?.[0] ?? MESSAGES.generic.invalidInput;
      const detail = !isValidatorWording(first)
        ? first
        : error.validationContext === 'body'
          ? MESSAGES.generic.inputNotAccepted
          : MESSAGES.generic.requestNotAccepted;
      return reply.status(400).send({ detail, code: 'validation', ...fields });
    }
    const refused = clientDataError(error);
    if (refused) {
      request.log.warn({ err: error }, 'request refused: its data cannot be read or stored');
      return reply.status(400).send({ detail: refused, code: 'bad_request' });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.error({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ detail: MESSAGES.generic.serverError, code: 'unavailable' });
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

/**
 * PostgreSQL data exceptions that only the request's own values cause: a NUL character or an
 * invalid Unicode escape in text or JSON (22021, 22P05), text or a number beyond its column
 * (22001, 22003), a value that is not of the column's type (22P02, 22007, 22008), a bad pattern
 * (22025, 2201B). They are the client's, not the server's: 400, not 500.
 */
const CLIENT_DATA_SQLSTATES = new Set([
  '22021',
  '22P05',
  '22001',
  '22003',
  '22P02',
  '22007',
  '22008',
  '22025',
  '2201B',
]);

/**
 * What a multipart parser (busboy, through @fastify/multipart) throws for a body that is cut short
 * or has no usable boundary; these errors carry no code or status of their own.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle cannot have a length bigger than \d+\.$/,
  /^Malformed part header$/,
];

/** The message for an error caused by the request's own data, or null when the server failed. */
function clientDataError(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CLIENT_DATA_SQLSTATES.has(code)) {
      return code === '22021' || code === '22P05'
        ? MESSAGES.generic.invalidCharacters
        : MESSAGES.generic.invalidInput;
    }
    if (typeof message === 'string' && MALFORMED_MULTIPART.some((pattern) => pattern.test(message))) {
      return MESSAGES.generic.malformedBody;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
