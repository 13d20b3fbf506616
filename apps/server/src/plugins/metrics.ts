import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { MESSAGES } from '@app/domain';
import { AppError } from '../lib/errors';
import type { Metrics } from '../lib/metrics';
import { metricsScrape, SCRAPE_CHALLENGE } from '../lib/metrics-scrape';

/**
 * The route label of requests no route matched: unknown paths, and the web app's pages that the
 * not-found handler serves (plugins/spa.ts). Their raw URLs would make a series per URL.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * `GET /metrics` (outside /api: Prometheus's usual path), Prometheus text format for a scraper
 * holding METRICS_TOKEN as its bearer token. Unset, the route answers 404 as an unknown path
 * would, and no request is measured. Set, every request is timed by its route pattern, method and
 * status class, and counted while in flight: a Map lookup and a histogram observe per request.
 * The token check and the text are lib/metrics-scrape.ts's, which a worker's listener serves too.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  const scrape = token ? metricsScrape(metrics, token) : undefined;
  // Callback style, as every hook that runs on each request (plugins/security.ts); declared by
  // name, so CPU profiles of the bundle show them (bench/full/metrics-overhead.ts). A response
  // closes exactly once, whether it finished, was hijacked (event streams) or was cut off.
  const endInFlight = () => metrics.requestClosed();
  function countInFlight(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    metrics.requestStarted();
    reply.raw.on('close', endInFlight);
    done();
  }
  function timeRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.requestAnswered(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  }
  if (scrape) {
    app.addHook('onRequest', countInFlight);
    app.addHook('onResponse', timeRequest);
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!scrape) throw new AppError('not_found', MESSAGES.generic.notFound);
    if (!scrape.authorized(request.headers.authorization))
      throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated, {}, SCRAPE_CHALLENGE);
    const { headers, body } = await scrape.exposition();
    return reply.headers(headers).send(body);
  });
}
