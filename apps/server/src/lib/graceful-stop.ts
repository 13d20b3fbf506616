import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Longer than the balancer's upstream keepalive_timeout (2 s), so it closes its idle ones first. */
const IDLE_GRACE_MS = 3_000;

/**
 * How an app process stops without its users noticing (a rolling restart; server.ts on SIGTERM):
 * it stops accepting connections, so the balancer sends new requests to another process (a refused
 * connection is retried there, whatever the method); the requests in flight finish, each response
 * saying `Connection: close` so no further request is sent on its connection; open event streams
 * are told to reconnect (the events routes' preClose hook). After `drainMs` the requests still
 * running are cut and the close completes anyway. Call it before the app serves its first request
 * (it watches the responses).
 *
 * Connections with no request in flight are left to the balancer for `idleGraceMs`: closing one
 * at once races with a request the balancer is sending on it that very moment, and a POST lost that
 * way is not retried (a 502). A request that arrives on one meanwhile is served with `Connection:
 * close`; the balancer closes the others itself once idle for its upstream `keepalive_timeout`
 * (deploy/nginx.conf.template: 2 s), and whatever is still idle after the grace is closed then.
 */
export function prepareGracefulStop(
  app: FastifyInstance,
  options: { drainMs: number; idleGraceMs?: number; log: { warn(obj: object, msg: string): void } },
) {
  const idleGraceMs = options.idleGraceMs ?? IDLE_GRACE_MS;
  const underWay = new Set<ServerResponse>();
  let stopping = false;
  const closeAfterResponse = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  app.server.on('request', (_request, response: ServerResponse) => {
    if (stopping) closeAfterResponse(response);
    underWay.add(response);
    response.once('close', () => underWay.delete(response));
  });

  return {
    /**
     * Stops the app as described above; resolves once it is closed. `cut`: how many requests were
     * still running after `drainMs` and had their connections closed.
     */
    async stop(): Promise<{ cut: number }> {
      stopping = true;
      for (const response of underWay) closeAfterResponse(response);
      // http.Server.close() (in app.close()) closes the idle connections at once; for the grace it
      // leaves them be. Then they are closed, and so is every connection that goes idle afterwards
      // (a response whose headers had gone out before the stop still said keep-alive).
      const server = app.server;
      const closeIdleConnections = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => undefined;
      let closeIdle: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        server.closeIdleConnections = closeIdleConnections;
        closeIdle = setInterval(closeIdleConnections, 200);
        closeIdleConnections();
      }, idleGraceMs);
      let cut = 0;
      const force = setTimeout(() => {
        cut = underWay.size;
        options.log.warn({ requests: cut }, 'requests still running after the drain time: cutting them');
        app.server.closeAllConnections();
      }, options.drainMs);
      try {
        await app.close();
      } finally {
        clearTimeout(grace);
        clearInterval(closeIdle);
        server.closeIdleConnections = closeIdleConnections;
        clearTimeout(force);
      }
      return { cut };
    },
  };
}
