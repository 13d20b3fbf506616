import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  brandInvitationParamsSchema,
  brandMemberInviteBodySchema,
  brandMemberListSchema,
  brandMemberParamsSchema,
  brandMemberRoleBodySchema,
  brandMemberSchema,
  brandTeamParamsSchema,
  myBrandSchema,
  noContentSchema,
} from '@app/domain';
import { TEAM_ROUTE_ROLES, teamChangers, teamReaders } from './accounts.policy';
import type { BrandTeamService } from './brand-team.service';

const tags = ['brands'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

/**
 * A brand's team (issue 49): the caller's brand and role, the members, and the owners' (and
 * staff's) changes. Reading: the brand's members and staff; changing: its owners and staff; each
 * route declares it (accounts' policy: `teamReaders`, `teamChangers`).
 */
export const brandTeamRoutes =
  (team: BrandTeamService): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = app.requireRole(...TEAM_ROUTE_ROLES);
    const readers = [signedIn, teamReaders];
    const changers = [signedIn, teamChangers];

    app.get(
      '/brands/mine/',
      {
        preHandler: app.requireRole('brand'),
        schema: {
          tags,
          security,
          summary: 'The caller’s brand and role in its team',
          response: { 200: myBrandSchema, 404: apiErrorBodySchema },
        },
      },
      (request) => team.mine(request.caller!),
    );

    app.get(
      '/brands/:id/members/',
      {
        preHandler: readers,
        schema: {
          tags,
          security,
          summary: 'The brand’s members and pending invitations',
          params: brandTeamParamsSchema,
          response: { 200: brandMemberListSchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema },
        },
      },
      (request) => team.members(request.params.id),
    );

    app.post(
      '/brands/:id/members/',
      {
        preHandler: changers,
        schema: {
          tags,
          security,
          summary: 'Invite someone to the brand’s team with a role (an e-mailed link)',
          params: brandTeamParamsSchema,
          body: brandMemberInviteBodySchema,
          response: { 201: brandMemberSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await team.invite(request.caller!, request.params.id, request.body)),
    );

    app.patch(
      '/brands/:id/members/:user_id/',
      {
        preHandler: changers,
        schema: {
          tags,
          security,
          summary: 'Change a member’s role (409 last_owner: the brand keeps an owner)',
          params: brandMemberParamsSchema,
          body: brandMemberRoleBodySchema,
          response: { 200: brandMemberSchema, ...errors },
        },
      },
      (request) =>
        team.changeRole(request.caller!, request.params.id, request.params.user_id, request.body.role),
    );

    app.delete(
      '/brands/:id/members/:user_id/',
      {
        preHandler: changers,
        schema: {
          tags,
          security,
          summary: 'Remove a member: their sessions end at once (409 last_owner)',
          params: brandMemberParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await team.remove(request.caller!, request.params.id, request.params.user_id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/brands/:id/invitations/:invitation_id/resend/',
      {
        preHandler: changers,
        schema: {
          tags,
          security,
          summary: 'Send a pending invitation again with a new link',
          params: brandInvitationParamsSchema,
          response: { 200: brandMemberSchema, ...errors },
        },
      },
      (request) => team.resendInvitation(request.caller!, request.params.id, request.params.invitation_id),
    );

    app.delete(
      '/brands/:id/invitations/:invitation_id/',
      {
        preHandler: changers,
        schema: {
          tags,
          security,
          summary: 'Withdraw a pending invitation: its link stops working',
          params: brandInvitationParamsSchema,
          response: { 204: noContentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await team.revokeInvitation(request.caller!, request.params.id, request.params.invitation_id);
        return reply.status(204).send(null);
      },
    );
  };
