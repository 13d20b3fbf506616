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
  refreshTokenBodySchema,
  registerBodySchema,
  registerResponseSchema,
  resendVerificationResponseSchema,
  tokenPairSchema,
  verifyEmailParamsSchema,
} from '@app/domain';
import { createAccountsService, type AccountsServiceDeps } from './accounts.service';
import { createInvitationsService } from './invitations.service';

const tags = ['accounts'];

/** Accounts API (spec §7): sign-up, sign-in, tokens, verification, password reset, Google, /me. */
export const accountsRoutes =
  (deps: AccountsServiceDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAccountsService(deps);
    const invitations = createInvitationsService(deps);

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
        return result;
      },
    );

    app.post(
      '/token/refresh/',
      {
        schema: {
          tags,
          summary: 'Rotate a refresh token',
          body: refreshTokenBodySchema,
          response: { 200: tokenPairSchema },
        },
      },
      async (request) => service.refresh(request.body.refresh),
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
      async (request) => service.changePassword(request.authUser!, request.body),
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
      async (request) => service.googleLogin(request.body, request.ip),
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
        schema: {
          tags,
          summary: 'The signed-in user (application prefill)',
          security: [{ bearerAuth: [] }],
          response: { 200: currentUserResponseSchema },
        },
      },
      async (request) => service.currentUser(request.authUser!.id),
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
      (request) => invitations.accept(request.params.token, request.body),
    );
  };
