import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  invitationAcceptBodySchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  loginResponseSchema,
} from '@app/domain';
import type { InvitationsService } from './invitations.service';
import type { RefreshCookie } from './refresh-cookie';

const tags = ['accounts'];

/** The invitee's side of an invitation: whom the link is for, and accepting it (the token is the credential). */
export const invitationRoutes =
  (invitations: InvitationsService, cookie: RefreshCookie): FastifyPluginAsyncZod =>
  async (app) => {
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
        cookie.deliver(request, reply, await invitations.accept(request.params.token, request.body)),
    );
  };
