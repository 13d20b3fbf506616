import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  invitationCreateBodySchema,
  invitationIdParamsSchema,
  invitationListQuerySchema,
  invitationPageSchema,
  invitationSchema,
  staffUserIdParamsSchema,
  staffUserListQuerySchema,
  staffUserPageSchema,
  staffUserSchema,
} from '@app/domain';
import type { InvitationsService } from './invitations.service';
import type { StaffAccountsService } from './accounts.staff.service';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const requestUrl = (url: string) => new URL(url, 'http://localhost');

/** Accounts and invitations in the staff console (mounted inside the staff plugin: staff only). */
export const staffAccountsRoutes =
  ({
    invitations,
    staffAccounts: accounts,
  }: {
    invitations: InvitationsService;
    staffAccounts: StaffAccountsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/invitations/',
      {
        schema: {
          tags,
          security,
          summary: 'Invite a staff or brand user by e-mail (the link sets their password)',
          body: invitationCreateBodySchema,
          response: { 201: invitationSchema, 400: apiErrorBodySchema, 409: apiErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await invitations.invite(request.caller!, request.body)),
    );

    app.get(
      '/invitations/',
      {
        schema: {
          tags,
          security,
          summary: 'Invitations, newest first, with their status',
          querystring: invitationListQuerySchema,
          response: { 200: invitationPageSchema },
        },
      },
      (request) => invitations.list(request.query, requestUrl(request.url)),
    );

    app.post(
      '/invitations/:id/revoke/',
      {
        schema: {
          tags,
          security,
          summary: 'Withdraw a pending invitation: its link stops working at once',
          params: invitationIdParamsSchema,
          response: { 200: invitationSchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema },
        },
      },
      (request) => invitations.revoke(request.caller!, request.params.id),
    );

    app.get(
      '/users/',
      {
        schema: {
          tags,
          security,
          summary: 'Accounts, newest first, by role and e-mail or name',
          querystring: staffUserListQuerySchema,
          response: { 200: staffUserPageSchema },
        },
      },
      (request) => accounts.listUsers(request.query, requestUrl(request.url)),
    );

    app.post(
      '/users/:id/deactivate/',
      {
        schema: {
          tags,
          security,
          summary:
            'Deactivate an account (not your own, nor the last active staff): its sessions end at once',
          params: staffUserIdParamsSchema,
          response: { 200: staffUserSchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema },
        },
      },
      (request) => accounts.deactivateUser(request.caller!, request.params.id),
    );
  };
