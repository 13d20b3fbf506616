import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One registered route: what the authorization matrix and the fuzzing suites iterate over. */
export interface RouteTableEntry {
  /** Upper-case HTTP method (HEAD routes that Fastify adds for every GET are left out). */
  method: string;
  /** The URL pattern as registered, with its prefix: `/api/videos/videos/:id/`. */
  url: string;
  /** The route's schema (zod schemas for params, querystring, body, response), if it has one. */
  schema?: FastifySchema;
  /** `${method} ${url}`, the key of the matrix's rows. */
  key: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order (filled by the onRoute hook). */
    routeTable: readonly RouteTableEntry[];
  }
}

/**
 * Records every route as it is registered (Fastify's `onRoute` hook), on `app.routeTable`. Must be
 * called before any route or plugin is registered.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const upper = method.toUpperCase();
      if (upper === 'HEAD' && route.exposeHeadRoute === undefined && isAutoHead(table, route.url)) continue;
      table.push({ method: upper, url: route.url, schema: route.schema, key: `${upper} ${route.url}` });
    }
  });
}

/** Fastify registers a HEAD twin right after each GET; it answers as the GET does. */
function isAutoHead(table: RouteTableEntry[], url: string): boolean {
  return table.some((entry) => entry.method === 'GET' && entry.url === url);
}
