import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  currentUserResponseSchema,
  detailResponseSchema,
  emailBodySchema,
  passwordChangeBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetParamsSchema,
  registerBodySchema,
  registerResponseSchema,
  resendVerificationResponseSchema,
  verifyEmailParamsSchema,
} from '@app/domain';
import type { AccountsService } from './accounts.service';
import type { InvitationsService } from './invitations.service';
import { brandTeamRoutes } from './brand-team.routes';
import type { BrandTeamService } from './brand-team.service';
import type { AppDeps } from '../../app-deps';
import { invitationRoutes } from './invitations.routes';
import { createRefreshCookie } from './refresh-cookie';
import { sessionRoutes } from './sessions.routes';

const tags = ['accounts'];

/**
 * Accounts API (spec §7): sign-up, sign-in, tokens, verification, password reset, Google, /me and
 * invitations, brand teams, one plugin per area.
 */
export const accountsRoutes =
  (
    deps: Pick<AppDeps, 'config'>,
    {
      accounts: service,
      invitations,
      brandTeam,
    }: { accounts: AccountsService; invitations: InvitationsService; brandTeam: BrandTeamService },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const cookie = createRefreshCookie(deps.config);
    await app.register(signUpRoutes(service));
    await app.register(sessionRoutes(service, cookie));
    await app.register(passwordRoutes(service));
    await app.register(currentUserRoutes(service));
    await app.register(invitationRoutes(invitations, cookie));
    await app.register(brandTeamRoutes(brandTeam));
  };

/** A creator signs up, and verifies the address from the e-mailed link. */
const signUpRoutes =
  (service: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
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

    app.get(
      '/accounts/auth/verify_email/:uid/:token/',
      {
        config: { secretParams: ['uid', 'token'], changesState: true },
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
  };

/** A forgotten password (reset by e-mailed link), and a signed-in user changing theirs. */
const passwordRoutes =
  (service: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
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
  };

/** The signed-in user (`/api/accounts/me/`). */
const currentUserRoutes =
  (service: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
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
  };
