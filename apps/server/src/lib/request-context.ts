import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The id of the request being served (or of the request that queued the job being run), for the
 * code that has no request at hand: the logger writes it on every line, and the job queue puts it
 * into every job it sends. plugins/request-context.ts sets it for each request, jobs/queue.ts
 * for each job it runs.
 */
const context = new AsyncLocalStorage<{ requestId: string | undefined }>();

/** The label of the id in log lines: Fastify's own for its request loggers (requestIdLogLabel). */
export const REQUEST_ID_LOG_LABEL = 'reqId';

/** What a caller may name its request by (X-Request-Id): anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is sane (it goes into logs and headers), else a new UUID. */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The id of the request (or the queuing request of the job) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Runs `work` as part of request `requestId` (none: as part of no request). */
export function runForRequest<T>(requestId: string | undefined, work: () => T): T {
  return context.run({ requestId }, work);
}

/**
 * pino's `mixin`: the current request's id on every line, also on those written with the process's
 * logger (services, mailer, job handlers). Loggers that already bind it (Fastify's request
 * loggers, the queue's job loggers) are left alone, so no line names it twice.
 */
export function requestIdLogField(
  _line: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): object {
  const requestId = currentRequestId();
  if (!requestId || REQUEST_ID_LOG_LABEL in logger.bindings()) return {};
  return { [REQUEST_ID_LOG_LABEL]: requestId };
}
