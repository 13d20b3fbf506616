import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { enterRequest, requestIdFrom } from '../lib/request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes something (a link followed from an e-mail): it runs as part of its
     * request like every POST, PUT, PATCH and DELETE (lib/request-context.ts).
     */
    changesState?: true;
  }
}

/**
 * Fastify's `genReqId`: the caller's X-Request-Id when it is sane, else a new UUID. Fastify's own
 * `requestIdHeader` would take the header as it comes, so the header is read here instead.
 */
export function requestIdOf(raw: IncomingMessage): string {
  return requestIdFrom(raw.headers['x-request-id']);
}

/** Methods that change nothing; their routes may say otherwise (`config.changesState`). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Names every response by its request's id (X-Request-Id), and runs the hooks and handler of a
 * request that may change something as part of it (lib/request-context.ts): log lines written by
 * services carry the id, and jobs they queue take it along. Register it before any other hook, so
 * they all run inside.
 */
export function registerRequestContext(app: FastifyInstance): void {
  // Callback style: `done` starts the rest of the request (the body is parsed in the request's
  // async context too, by Fastify), so everything after runs inside.
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response: hijacked replies (event streams, tus uploads) carry it too.
    reply.raw.setHeader('x-request-id', request.id);
    if (READS.has(request.method) && !request.routeOptions.config.changesState) return done();
    // Held until the response is over (sent, or its connection gone).
    reply.raw.once('close', enterRequest(request.id, done));
  });
}
