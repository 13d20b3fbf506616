import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How an app process stops without its users noticing (a rolling restart; server.ts on SIGTERM):
 * it stops accepting connections, so the balancer sends new requests to another process (a refused
 * connection is retried there, whatever the method); the requests in flight finish, each response
 * saying `Connection: close` so no further request is sent on its connection; connections with no
 * request in flight are closed at once; open event streams are told to reconnect (the events
 * routes' preClose hook). After `drainMs` the requests still running are cut and the close
 * completes anyway. Call it before the app serves its first request (it watches the responses).
 */
export function prepareGracefulStop(
  app: FastifyInstance,
  options: { drainMs: number; log: { warn(obj: object, msg: string): void } },
) {
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
      // A response whose headers had gone out before the stop still says keep-alive: its connection
      // goes idle after it, and is closed then (http.Server closes idle ones only as it stops).
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 200);
      let cut = 0;
      const force = setTimeout(() => {
        cut = underWay.size;
        options.log.warn({ requests: cut }, 'requests still running after the drain time: cutting them');
        app.server.closeAllConnections();
      }, options.drainMs);
      try {
        await app.close();
      } finally {
        clearInterval(closeIdle);
        clearTimeout(force);
      }
      return { cut };
    },
  };
}
