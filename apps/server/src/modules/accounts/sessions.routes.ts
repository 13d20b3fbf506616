import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  detailResponseSchema,
  googleLoginBodySchema,
  googleLoginResponseSchema,
  googleNonceResponseSchema,
  loginBodySchema,
  loginForbiddenResponseSchema,
  loginResponseSchema,
  MESSAGES,
  refreshBodySchema,
  refreshTokenBodySchema,
  tokenPairSchema,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { AccountsService } from './accounts.service';
import type { RefreshCookie } from './refresh-cookie';

const tags = ['accounts'];

/**
 * Signing in and out: e-mail and password, Google, and the refresh token's rotation and end (in
 * the body for API clients, in the cookie for the web app).
 */
export const sessionRoutes =
  (service: AccountsService, cookie: RefreshCookie): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/accounts/auth/login/',
      {
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: loginBodySchema,
          response: { 200: loginResponseSchema, 403: loginForbiddenResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await service.login(request.body, request.ip);
        if ('require_verification' in result) return reply.status(403).send(result);
        return cookie.deliver(request, reply, result);
      },
    );

    app.post(
      '/token/refresh/',
      {
        schema: {
          tags,
          summary:
            "Rotate a refresh token: from the body (answered in the body), or from the web app's cookie (answered in the cookie)",
          body: refreshBodySchema,
          response: { 200: tokenPairSchema },
        },
      },
      async (request, reply) => {
        if (request.body.refresh) return service.refresh(request.body.refresh);
        const sent = cookie.read(request);
        if (!sent) throw AppError.validation({ refresh: [MESSAGES.registration.required] });
        cookie.assertOwnOrigin(request);
        try {
          const pair = await service.refresh(sent);
          cookie.set(request, reply, pair.refresh);
          return { ...pair, refresh: '' };
        } catch (error) {
          cookie.clear(request, reply);
          throw error;
        }
      },
    );

    app.post(
      '/token/logout/',
      {
        schema: {
          tags,
          summary: "Sign the web app out: ends the cookie's session and clears the cookie",
          response: { 200: detailResponseSchema },
        },
      },
      async (request, reply) => {
        cookie.assertOwnOrigin(request);
        const sent = cookie.read(request);
        cookie.clear(request, reply);
        return service.logout(sent ?? '');
      },
    );

    app.post(
      '/accounts/auth/logout/',
      {
        schema: {
          tags,
          summary: 'Revoke a refresh token and its session',
          body: refreshTokenBodySchema,
          response: { 200: detailResponseSchema },
        },
      },
      async (request) => service.logout(request.body.refresh),
    );

    app.post(
      '/accounts/auth/google/',
      {
        schema: {
          tags,
          summary: 'Sign in with a Google ID token',
          body: googleLoginBodySchema,
          response: { 200: googleLoginResponseSchema },
        },
      },
      async (request, reply) =>
        cookie.deliver(request, reply, await service.googleLogin(request.body, request.ip)),
    );

    app.post(
      '/accounts/auth/google/nonce/',
      {
        schema: {
          tags,
          summary: 'A single-use nonce for the Google button; the ID token must carry it',
          response: { 200: googleNonceResponseSchema },
        },
      },
      async (request) => service.googleNonce(request.ip),
    );
  };
