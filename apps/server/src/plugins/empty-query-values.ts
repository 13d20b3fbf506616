import type { FastifyInstance } from 'fastify';

/**
 * An empty query value means "no filter": `?role=&q=&page=` reads as if the parameters were
 * absent, so every list answers with its default (all rows, page 1) instead of a 400 for an empty
 * select or search box. One rule for every route, ahead of each route's query schema; a repeated
 * parameter (an array) is left to the schema.
 */
export function registerEmptyQueryValues(app: FastifyInstance): void {
  // Callback style, as every hook that runs on each request (plugins/security.ts).
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const key of Object.keys(query)) if (query[key] === '') delete query[key];
    }
    done();
  });
}
