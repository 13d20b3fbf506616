import type { FastifyInstance } from 'fastify';

/** The least a request body must deliver in every window of `SLOW_CLIENT_TIMEOUT` seconds. */
export const MIN_BODY_BYTES_PER_WINDOW = 16 * 1024;

/**
 * Node's own server timeouts for a client that is slow on purpose: its headers must arrive within
 * the window (`headersTimeout`, checked every second), and a connection that carries nothing for
 * four windows is closed. Passed to `Fastify({ http, connectionTimeout })`.
 */
export function slowClientServerOptions(windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  return {
    http: { headersTimeout: windowMs, requestTimeout: 0, connectionsCheckingInterval: 1000 },
    connectionTimeout: 4 * windowMs,
  };
}

/**
 * A request body that drips in (a few bytes now and then, to hold a socket for ever) is cut off:
 * every `windowSeconds` while the body is still arriving, the socket must have delivered at least
 * MIN_BODY_BYTES_PER_WINDOW more bytes, or it is closed. Real uploads, even slow mobile ones,
 * deliver far more; the body size limits still apply on top.
 */
export function registerSlowClientGuard(app: FastifyInstance, windowSeconds: number): void {
  // Callback style, as every hook that runs on each request (plugins/security.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    const message = request.raw;
    const expectsBody =
      Number(message.headers['content-length'] ?? 0) > 0 ||
      message.headers['transfer-encoding'] !== undefined;
    if (!expectsBody || message.complete) return done();
    const socket = message.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (message.complete || socket.destroyed) return clearInterval(timer);
      const read = socket.bytesRead;
      if (read - seen < MIN_BODY_BYTES_PER_WINDOW) {
        clearInterval(timer);
        request.log.warn({ bytesInWindow: read - seen }, 'request body too slow; connection closed');
        socket.destroy();
        return;
      }
      seen = read;
    }, windowSeconds * 1000);
    timer.unref();
    // A keep-alive socket carries many requests: take the listener off again with each one.
    const stop = () => {
      clearInterval(timer);
      socket.off('close', stop);
    };
    socket.once('close', stop);
    message.once('end', stop);
    done();
  });
}
