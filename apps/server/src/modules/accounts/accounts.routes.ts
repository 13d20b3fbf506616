import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserResponseSchema,
  detailResponseSchema,
  apiErrorBodySchema,
  emailBodySchema,
  googleLoginBodySchema,
  googleLoginResponseSchema,
  googleNonceResponseSchema,
  invitationAcceptBodySchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  loginBodySchema,
  loginForbiddenResponseSchema,
  loginResponseSchema,
  passwordChangeBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetParamsSchema,
  ACCOUNT_MESSAGES,
  MESSAGES,
  REFRESH_COOKIE,
  REFRESH_COOKIE_HEADER,
  REFRESH_COOKIE_PATH,
  refreshBodySchema,
  refreshTokenBodySchema,
  registerBodySchema,
  registerResponseSchema,
  resendVerificationResponseSchema,
  tokenPairSchema,
  verifyEmailParamsSchema,
} from '@app/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { createAccountsService, type AccountsOwners, type AccountsServiceDeps } from './accounts.service';
import { createInvitationsService } from './invitations.service';

const tags = ['accounts'];

/** Accounts API (spec §7): sign-up, sign-in, tokens, verification, password reset, Google, /me. */
export const accountsRoutes =
  (deps: AccountsServiceDeps, owners: AccountsOwners): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAccountsService(deps, owners);
    const invitations = createInvitationsService(deps, owners);
    const publicOrigin = new URL(deps.config.PUBLIC_URL).origin;

    // The web app's session cookie (issue 18 M3): HttpOnly (no script reads it), SameSite=Strict
    // (no other site's request carries it), Secure behind TLS, sent only to /api/token/.
    const wantsCookie = (request: FastifyRequest) => request.headers[REFRESH_COOKIE_HEADER] === '1';
    const cookieOptions = (request: FastifyRequest) => ({
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: publicOrigin.startsWith('https://') || request.protocol === 'https',
    });
    /** Moves the refresh token of an answer into the cookie when the web app asked for it. */
    const deliver = <T extends { refresh: string }>(
      request: FastifyRequest,
      reply: FastifyReply,
      answer: T,
    ): T => {
      if (!wantsCookie(request) || !answer.refresh) return answer;
      reply.setCookie(REFRESH_COOKIE, answer.refresh, {
        ...cookieOptions(request),
        maxAge: deps.config.REFRESH_TOKEN_TTL,
      });
      return { ...answer, refresh: '' };
    };
    /** A cookie is sent by the browser on its own: only the site's own pages may use it (CSRF). */
    const assertOwnOrigin = (request: FastifyRequest) => {
      const origin = request.headers.origin;
      const own = `${request.protocol}://${request.host}`;
      if (!origin || (origin !== publicOrigin && origin !== own))
        throw new AppError('forbidden', ACCOUNT_MESSAGES.badOrigin);
    };

    app.post(
      '/accounts/auth/register/',
      {
        schema: {
          tags,
          summary: 'Create a creator account and e-mail the verification link',
          body: registerBodySchema,
          response: { 201: registerResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.register(request.body, request.ip)),
    );

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
        return deliver(request, reply, result);
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
        const cookie = request.cookies[REFRESH_COOKIE];
        if (!cookie) throw AppError.validation({ refresh: [MESSAGES.registration.required] });
        assertOwnOrigin(request);
        try {
          const pair = await service.refresh(cookie);
          reply.setCookie(REFRESH_COOKIE, pair.refresh, {
            ...cookieOptions(request),
            maxAge: deps.config.REFRESH_TOKEN_TTL,
          });
          return { ...pair, refresh: '' };
        } catch (error) {
          reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
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
        assertOwnOrigin(request);
        const cookie = request.cookies[REFRESH_COOKIE];
        reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
        return service.logout(cookie ?? '');
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

    app.get(
      '/accounts/auth/verify_email/:uid/:token/',
      {
        config: { secretParams: ['uid', 'token'] },
        schema: {
          tags,
          summary: 'Verify an e-mail address from its link',
          params: verifyEmailParamsSchema,
          response: { 200: detailResponseSchema },
        },
      },
      async (request) => service.verifyEmail(request.params.uid, request.params.token),
    );

    app.post(
      '/accounts/auth/resend-verification/',
      {
        schema: {
          tags,
          summary: 'Send the verification link again',
          body: emailBodySchema,
          response: { 200: resendVerificationResponseSchema },
        },
      },
      async (request) => service.resendVerification(request.body.email, request.ip),
    );

    app.post(
      '/accounts/auth/password/reset/',
      {
        schema: {
          tags,
          summary: 'E-mail a password reset link (same answer for unknown addresses)',
          body: emailBodySchema,
          response: { 200: detailResponseSchema },
        },
      },
      async (request) => service.requestPasswordReset(request.body.email, request.ip),
    );

    app.get(
      '/accounts/auth/password/reset/confirm/:uidb64/:token/',
      {
        config: { secretParams: ['uidb64', 'token'] },
        schema: {
          tags,
          summary: 'Check a reset link before the new password is typed (400 when used or expired)',
          params: passwordResetParamsSchema,
          response: { 200: detailResponseSchema },
        },
      },
      async (request) => service.checkPasswordResetLink(request.params.uidb64, request.params.token),
    );

    app.post(
      '/accounts/auth/password/reset/confirm/:uidb64/:token/',
      {
        config: { secretParams: ['uidb64', 'token'] },
        schema: {
          tags,
          summary: 'Set a new password from a reset link',
          params: passwordResetParamsSchema,
          body: passwordResetConfirmBodySchema,
          response: { 200: detailResponseSchema },
        },
      },
      async (request) =>
        service.confirmPasswordReset(request.params.uidb64, request.params.token, request.body),
    );

    app.post(
      '/accounts/auth/password/change/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Change the password (current password needed); ends every other session',
          security: [{ bearerAuth: [] }],
          body: passwordChangeBodySchema,
          response: { 200: detailResponseSchema, 400: apiErrorBodySchema },
        },
      },
      async (request) => service.changePassword(request.caller!, request.body),
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
      async (request, reply) => deliver(request, reply, await service.googleLogin(request.body, request.ip)),
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

    app.get(
      '/accounts/me/',
      {
        preHandler: app.requireUser,
        config: { presented: true },
        schema: {
          tags,
          summary: 'The signed-in user (application prefill)',
          security: [{ bearerAuth: [] }],
          response: { 200: currentUserResponseSchema },
        },
      },
      async (request) => service.currentUser(request.caller!.id),
    );

    app.get(
      '/accounts/invitations/:token/',
      {
        config: { secretParams: ['token'] },
        schema: {
          tags,
          summary: 'Who an invitation is for (404 unknown, 410 used or expired)',
          params: invitationTokenParamsSchema,
          response: { 200: invitationPreviewSchema, 404: apiErrorBodySchema, 410: apiErrorBodySchema },
        },
      },
      (request) => invitations.preview(request.params.token),
    );

    app.post(
      '/accounts/invitations/:token/accept/',
      {
        config: { secretParams: ['token'] },
        schema: {
          tags,
          summary: 'Accept an invitation with a password: the account is created and signed in',
          params: invitationTokenParamsSchema,
          body: invitationAcceptBodySchema,
          response: {
            200: loginResponseSchema,
            400: apiErrorBodySchema,
            404: apiErrorBodySchema,
            409: apiErrorBodySchema,
            410: apiErrorBodySchema,
          },
        },
      },
      async (request, reply) =>
        deliver(request, reply, await invitations.accept(request.params.token, request.body)),
    );
  };
