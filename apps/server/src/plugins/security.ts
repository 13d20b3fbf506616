import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env';

/**
 * Security headers on every response. The CSP allows only what the app itself loads, plus
 * Google Identity Services for the sign-in button.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const google = ['https://accounts.google.com', 'https://accounts.google.com/gsi/'];
  const mediaOrigins = config.S3_ENDPOINT ? [new URL(config.S3_ENDPOINT).origin] : [];
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...mediaOrigins],
        frameSrc: google,
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https://'),
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Cross-origin requests only from configured origins (none by default: the SPA is same-origin).
  // Hooks on every request are written callback style: an async hook costs a promise and a
  // microtask turn per request (`npm run bench`).
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !config.corsOrigins.includes(origin)) return done();
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Allow-Credentials', 'true');
    if (request.method !== 'OPTIONS') return done();
    reply.header('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
    reply.header(
      'Access-Control-Allow-Headers',
      request.headers['access-control-request-headers'] ?? 'Content-Type, Authorization',
    );
    // Answered here: the request goes no further (a callback hook that replies does not call done).
    void reply.status(204).send();
  });
}

/**
 * The headers helmet sets, worked out once: with no per-request CSP nonces they are the same for
 * every response, so building helmet's middleware per request (as @fastify/helmet does) is waste.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
