import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { requestIdFrom, runForRequest } from '../lib/request-context';

/**
 * Fastify's `genReqId`: the caller's X-Request-Id when it is sane, else a new UUID. Fastify's own
 * `requestIdHeader` would take the header as it comes, so the header is read here instead.
 */
export function requestIdOf(raw: IncomingMessage): string {
  return requestIdFrom(raw.headers['x-request-id']);
}

/**
 * Names every response by its request's id (X-Request-Id), and runs the request's hooks and
 * handler as part of it (lib/request-context.ts): log lines written by services carry the id, and
 * jobs they queue take it along. Register it before any other hook, so they all run inside.
 */
export function registerRequestContext(app: FastifyInstance): void {
  // Callback style: `done` starts the rest of the request (the body is parsed in the request's
  // async context too, by Fastify), so everything after runs inside.
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response: hijacked replies (event streams, tus uploads) carry it too.
    reply.raw.setHeader('x-request-id', request.id);
    runForRequest(request.id, done);
  });
}
