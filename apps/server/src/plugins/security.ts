import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env';

/**
 * Security headers on every response. A page (and the API's own docs page) gets helmet's set, its
 * CSP allowing only what the app itself loads, plus Google Identity Services for the sign-in
 * button. An API answer (JSON, or a file sent as an attachment) is never rendered as a document:
 * it gets the set OWASP's REST Security Cheat Sheet gives for APIs, a CSP that allows nothing
 * (`default-src 'none'; frame-ancestors 'none'`), nosniff, no framing, no referrer leaks, same-origin
 * readers only. Helmet's document-only headers (DNS prefetch, IE's download and XSS switches, Flash
 * policies, origin-keyed agent clusters) and the page CSP's 500 bytes would be sent with every API
 * answer for nothing: 6 fewer headers, ~750 fewer bytes a response.
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
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-opener-policy': headers['cross-origin-opener-policy']!,
    'cross-origin-resource-policy': headers['cross-origin-resource-policy']!,
    'referrer-policy': headers['referrer-policy']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(headers['strict-transport-security'] && {
      'strict-transport-security': headers['strict-transport-security'],
    }),
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : headers);
    done();
  });

  // Cross-origin requests only from configured origins (none by default: the SPA is same-origin,
  // and then no CORS hook runs at all). Another origin's requests, preflights included, go on as
  // if CORS did not exist: the route answers and the browser sees no Allow-Origin.
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, !!origin && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      strictPreflight: false,
    });
  }
}

/** An API path other than its docs page (Swagger UI, a document with scripts and styles). */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
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
