import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  audienceAwardSchema,
  audienceSchema,
  audienceSetupBodySchema,
  audienceTallySchema,
  castVoteBodySchema,
  castVoteSchema,
  contestIdParamsSchema,
  releaseVotesBodySchema,
  releaseVotesSchema,
  voidVotesBodySchema,
  voidVotesSchema,
  voteClustersSchema,
} from '@app/domain';
import type { AudienceService } from './audience.service';
import { awardRunners } from './audience.policy';

const tags = ['audience'];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

/** The audience award (issue 50): set-up, the public gallery, votes, tally and staff's tools. */
export const audienceRoutes =
  ({ audience: service }: { audience: AudienceService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/contests/:id/audience/',
      {
        preHandler: [app.requireRole('staff', 'brand'), awardRunners],
        schema: {
          tags,
          summary:
            "Set up the contest's audience award: voting window, prize, votes per voter, finalists (staff; the contest's brand owners and managers). Audited",
          params: contestIdParamsSchema,
          body: audienceSetupBodySchema,
          response: { 200: audienceSchema, ...errors },
        },
      },
      (request) => service.setup(request.caller!, request.params.id, request.body),
    );

    app.get(
      '/contests/:id/audience/',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            "The audience award's gallery: status, window, prize, finalists and the caller's votes; no counts while voting is open (public)",
          params: contestIdParamsSchema,
          response: { 200: audienceSchema, 404: apiErrorBodySchema },
        },
      },
      (request) => service.read(request.caller ?? undefined, request.params.id),
    );

    app.post(
      '/contests/:id/votes/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary:
            'Vote for a finalist (a verified account; one vote per entry, final; held as suspect when its network votes fast)',
          params: contestIdParamsSchema,
          body: castVoteBodySchema,
          response: { 201: castVoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const vote = await service.vote(
          request.caller!,
          request.params.id,
          request.body.entry_id,
          request.ip,
        );
        return reply.code(201).send(vote);
      },
    );

    app.get(
      '/contests/:id/audience/tally/',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            "Counted, suspect and voided votes per finalist: staff and the contest's brand always, everyone after the close",
          params: contestIdParamsSchema,
          response: { 200: audienceTallySchema, 403: apiErrorBodySchema, 404: apiErrorBodySchema },
        },
      },
      (request) => service.tally(request.caller ?? undefined, request.params.id),
    );

    await app.register(staffAudienceRoutes(service));
  };

/** Staff's tools: clusters, voiding, releasing, the award and the CSV (401 anonymous, 403 others). */
const staffAudienceRoutes =
  (service: AudienceService): FastifyPluginAsyncZod =>
  async (staff) => {
    staff.addHook('onRequest', staff.requireStaff);

    staff.get(
      '/contests/:id/audience/clusters/',
      {
        schema: {
          tags,
          summary: 'Where votes bunch up: by network key, by minute, by the day accounts were made (staff)',
          params: contestIdParamsSchema,
          response: { 200: voteClustersSchema, ...errors },
        },
      },
      (request) => service.clusters(request.caller!, request.params.id),
    );

    staff.post(
      '/contests/:id/votes/void/',
      {
        schema: {
          tags,
          summary: 'Void the votes of accounts, a network or a time window, with a reason (staff). Audited',
          params: contestIdParamsSchema,
          body: voidVotesBodySchema,
          response: { 200: voidVotesSchema, ...errors },
        },
      },
      (request) => service.voidVotes(request.caller!, request.params.id, request.body),
    );

    staff.post(
      '/contests/:id/votes/release/',
      {
        schema: {
          tags,
          summary: 'Count suspect votes after all (staff). Audited',
          params: contestIdParamsSchema,
          body: releaseVotesBodySchema,
          response: { 200: releaseVotesSchema, ...errors },
        },
      },
      (request) => service.release(request.caller!, request.params.id, request.body),
    );

    staff.get(
      '/contests/:id/votes.csv',
      {
        schema: {
          tags,
          summary: 'Every vote as CSV: entry, account, status, flags, address and network keys (staff)',
          params: contestIdParamsSchema,
        },
      },
      async (request, reply) => {
        const csv = await service.votesCsv(request.caller!, request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="votes-contest-${request.params.id}.csv"`)
          .send(csv);
      },
    );

    staff.post(
      '/contests/:id/audience/award/',
      {
        schema: {
          tags,
          summary:
            'After the close: confirm the finalist with the most counted votes as the audience winner, its prize on the ledger (staff). Audited',
          params: contestIdParamsSchema,
          response: { 201: audienceAwardSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await service.award(request.caller!, request.params.id)),
    );
  };
