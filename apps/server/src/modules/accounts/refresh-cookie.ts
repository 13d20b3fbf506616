import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, REFRESH_COOKIE, REFRESH_COOKIE_HEADER, REFRESH_COOKIE_PATH } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';

/**
 * The web app's session cookie (issue 18 M3): HttpOnly (no script reads it), SameSite=Strict (no
 * other site's request carries it), Secure behind TLS, sent only to /api/token/. API clients keep
 * the refresh token in the body.
 */
export function createRefreshCookie(config: Pick<AppDeps['config'], 'PUBLIC_URL' | 'REFRESH_TOKEN_TTL'>) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const options = (request: FastifyRequest) => ({
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: publicOrigin.startsWith('https://') || request.protocol === 'https',
  });
  const set = (request: FastifyRequest, reply: FastifyReply, refresh: string) =>
    reply.setCookie(REFRESH_COOKIE, refresh, { ...options(request), maxAge: config.REFRESH_TOKEN_TTL });

  return {
    set,

    /** The refresh token the browser sent in the cookie, if any. */
    read: (request: FastifyRequest): string | undefined => request.cookies[REFRESH_COOKIE],

    clear(request: FastifyRequest, reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, options(request));
    },

    /** Moves the refresh token of an answer into the cookie when the web app asked for it. */
    deliver<T extends { refresh: string }>(request: FastifyRequest, reply: FastifyReply, answer: T): T {
      if (request.headers[REFRESH_COOKIE_HEADER] !== '1' || !answer.refresh) return answer;
      set(request, reply, answer.refresh);
      return { ...answer, refresh: '' };
    },

    /** A cookie is sent by the browser on its own: only the site's own pages may use it (CSRF). */
    assertOwnOrigin(request: FastifyRequest) {
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      if (!origin || (origin !== publicOrigin && origin !== own))
        throw new AppError('forbidden', ACCOUNT_MESSAGES.badOrigin);
    },
  };
}
export type RefreshCookie = ReturnType<typeof createRefreshCookie>;
