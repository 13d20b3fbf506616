import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@app/domain';
import type { Metrics } from './metrics';

/** The challenge a 401 to a scraper carries: it authenticates with a bearer token. */
export const SCRAPE_CHALLENGE = { 'WWW-Authenticate': 'Bearer' } as const;

/** What a scrape that got through receives: the registry in Prometheus text, never cached. */
export interface Exposition {
  headers: Record<string, string>;
  body: string;
}

export interface MetricsScrape {
  /** Whether the request's Authorization header is `Bearer <token>`. */
  authorized(authorization: string | undefined): boolean;
  /** The process's metrics as Prometheus text (collecting reads the queue backlog). */
  exposition(): Promise<Exposition>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * How Prometheus scrapes a process with METRICS_TOKEN: the one token check and the one text
 * answer, used by an app process's GET /metrics (plugins/metrics.ts) and by a worker's own
 * listener (listenForScrapes).
 */
export function metricsScrape(metrics: Metrics, token: string): MetricsScrape {
  const expected = digest(`Bearer ${token}`);
  return {
    // Hashing both sides gives equal lengths, so the comparison takes the same time for any guess.
    authorized: (authorization) => timingSafeEqual(digest(authorization ?? ''), expected),
    async exposition() {
      const body = await metrics.registry.metrics();
      return { headers: { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }, body };
    },
  };
}

/** A scrape is one small GET: a client that has not sent it within this time is cut off. */
const SCRAPE_TIMEOUT_MS = 10_000;

export interface MetricsListener {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  readonly port: number;
  /** Stops listening and closes its connections, a scrape in progress among them. */
  close(): Promise<void>;
}

/**
 * The HTTP listener of a process that serves no app (a worker): `GET /metrics` on `host:port`
 * answered as an app process answers it (401 without the token), 404 to anything else, in the
 * API's error shape `{detail, code}`.
 */
export async function listenForScrapes(
  metrics: Metrics,
  options: { token: string; host: string; port: number; log: { error(obj: object, msg: string): void } },
): Promise<MetricsListener> {
  const scrape = metricsScrape(metrics, options.token);
  const fail = (response: ServerResponse, status: number, body: object, headers: object = {}) =>
    response
      .writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
      .end(JSON.stringify(body));

  const server = createServer(
    { headersTimeout: SCRAPE_TIMEOUT_MS, requestTimeout: SCRAPE_TIMEOUT_MS },
    (request, response) => {
      const pathname = (request.url ?? '').split('?', 1)[0];
      if (request.method !== 'GET' || pathname !== '/metrics')
        return fail(response, 404, { detail: MESSAGES.generic.notFound, code: 'not_found' });
      if (!scrape.authorized(request.headers.authorization))
        return fail(
          response,
          401,
          { detail: MESSAGES.generic.notAuthenticated, code: 'not_authenticated' },
          SCRAPE_CHALLENGE,
        );
      scrape.exposition().then(
        ({ headers, body }) => response.writeHead(200, headers).end(body),
        (error: unknown) => {
          options.log.error({ err: error }, 'collecting the metrics failed');
          fail(response, 500, { detail: MESSAGES.generic.serverError, code: 'internal' });
        },
      );
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive connections would hold the close; a scrape cut short costs one sample
        // of a process that is going away.
        server.closeAllConnections();
      }),
  };
}
