/**
 * URLs that carry a secret in a path segment (e-mail verification, password reset and e-mail
 * change links) are masked before they reach a log line. A route declares its secret parameters
 * where it is defined (`config: { secretParams: ['token'] }`, picked up by an onRoute hook in
 * app.ts; pages of the web app through `declareSecretParams`), and `redactUrl` reads that list.
 */
const patterns = new Map<
  string,
  { regex: RegExp; replace: (match: string, ...groups: string[]) => string }
>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters of this route that are secrets: masked in every log line. */
    secretParams?: readonly string[];
  }
}

/** Registers `routePath` (Fastify syntax, e.g. `/api/x/:uid/:token/`) with the named secret params. */
export function declareSecretParams(routePath: string, secretParams: readonly string[]): void {
  const key = `${routePath} ${secretParams.join(',')}`;
  if (patterns.has(key)) return;
  const segments = routePath.replace(/\/$/, '').split('/');
  const secret = segments.map(
    (segment) => segment.startsWith(':') && secretParams.includes(segment.slice(1)),
  );
  const source = segments
    .map((segment) =>
      segment.startsWith(':') ? '([^/?#]+)' : `(${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`,
    )
    .join('/');
  // Letter case ignored: the web app's router matches page paths so (plugins/spa.ts).
  const regex = new RegExp(`^${source}(?=/|\\?|#|$)`, 'i');
  patterns.set(key, {
    regex,
    replace: (_match, ...groups) => segments.map((_, i) => (secret[i] ? '***' : (groups[i] ?? ''))).join('/'),
  });
}

/** Query parameters that carry a secret wherever they appear (a link's token, a stream's ticket). */
const SECRET_QUERY_NAMES = 'token|id_token|refresh|access|ticket';
const SECRET_QUERY = new RegExp(`[?&](${SECRET_QUERY_NAMES})=`);
const SECRET_QUERY_VALUE = new RegExp(`([?&](${SECRET_QUERY_NAMES})=)[^&#]+`, 'g');

/** The URL with every declared secret segment and secret query parameter masked. */
export function redactUrl(url: string): string {
  let result = url;
  for (const { regex, replace } of patterns.values()) {
    if (regex.test(result)) {
      result = result.replace(regex, replace);
      break;
    }
  }
  return result.replace(SECRET_QUERY_VALUE, '$1***');
}

/** Whether the URL's query carries a secret (`?token=`, `?ticket=`, …). */
export function hasSecretQuery(url: string): boolean {
  return SECRET_QUERY.test(url);
}
