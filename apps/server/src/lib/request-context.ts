import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The id of the request being served (or of the request that queued the job being run), for the
 * code that has no request at hand: the logger writes it on every line, and the job queue puts it
 * into every job it sends. plugins/request-context.ts sets it for each request that may change
 * something, jobs/queue.ts for each job it runs that a request queued.
 *
 * Node 20 carries an AsyncLocalStorage's context with a hook on every promise the process makes,
 * and with that hook on, V8 leaves its fast path for `await`: it cost a read about a fifth of its
 * CPU (the video page 0.56 → 0.43 ms a request side by side, `bench/full/ab.ts`). So the context is
 * held only while work that needs it runs, and the hook is off otherwise: reads (GET, HEAD) change
 * nothing and queue nothing, and their own lines (Fastify's request logger) name the id already.
 */
const context = new AsyncLocalStorage<{ requestId: string | undefined }>();
/** Requests and jobs running with a context; at 0 the hook is turned off. */
let holders = 0;

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

/**
 * Starts `start` as part of request `requestId`; everything it leads to, awaited or called back,
 * runs inside until `release` (the returned function) is called, once its work is over.
 */
export function enterRequest(requestId: string, start: () => void): () => void {
  holders += 1;
  let held = true;
  context.run({ requestId }, start);
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    // Contexts made meanwhile keep their ids, and a later hold sees them again; disable() only
    // turns the promise hook off (experimental in Node 20, stable in its use here since Node 14).
    if (holders === 0) context.disable();
  };
}

/** Runs `work` as part of request `requestId` (none: as part of no request) until it settles. */
export async function runForRequest<T>(requestId: string | undefined, work: () => Promise<T>): Promise<T> {
  if (requestId === undefined) return context.exit(work);
  let release!: () => void;
  const running = new Promise<T>((resolve, reject) => {
    release = enterRequest(requestId, () => work().then(resolve, reject));
  });
  try {
    return await running;
  } finally {
    release();
  }
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
