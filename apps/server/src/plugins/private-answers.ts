import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE } from '@app/domain';
import { hasSecretQuery } from '../lib/secret-urls';

/** What a cache may do with an answer meant for one person: nothing (not even the browser's disk). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Whether an API answer is meant for one person: the request carried a credential (a bearer
 * token, valid or not; the refresh cookie; a token in its path or query, as links in e-mails and
 * download links do), or it changes something (sign-in answers hand out tokens), or the answer
 * sets a cookie. The page's `csrftoken` cookie is no credential: an anonymous read stays public.
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return (
    request.caller !== undefined ||
    request.headers.authorization !== undefined ||
    request.cookies?.[REFRESH_COOKIE] !== undefined ||
    (request.routeOptions.config.secretParams?.length ?? 0) > 0 ||
    hasSecretQuery(request.url) ||
    reply.hasHeader('set-cookie')
  );
}

/**
 * Marks every personal API answer (`isPersonal`: the account, payee details, the inbox, a
 * delivery, tokens, links with a token) `Cache-Control: private, no-store`, so that no shared cache
 * and no browser disk keeps it. A route that set its own Cache-Control keeps it (public site
 * config, the streams and files that say `private, no-store` already). No API read answers with an
 * ETag, so nothing is lost: the web app keeps its data in memory (TanStack Query) and asks again.
 * Registered in the /api scope: media and pages have their own rules (storage/media.routes.ts,
 * plugins/spa.ts).
 */
export function registerPrivateAnswers(api: FastifyInstance): void {
  // Callback style, as every hook that runs on each request (plugins/security.ts).
  api.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isPersonal(request, reply))
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    done(null, payload);
  });
}
