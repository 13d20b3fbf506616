import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  advanceBodySchema,
  advanceResponseSchema,
  apiErrorBodySchema,
  contestIdParamsSchema,
  contestResultsSchema,
  correctResultsBodySchema,
  entryIdParamsSchema,
  judgingSheetSchema,
  ownScoreSchema,
  publishResultsBodySchema,
  rankingQuerySchema,
  rankingSchema,
  recentWinnersSchema,
  roundIdParamsSchema,
  scoreBodySchema,
  scorecardSchema,
} from '@app/domain';
import { brandScorers, roundAdvancers } from './judging.policy';
import type { JudgingService } from './judging.service';

const tags = ['judging'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

/** Rounds (issue 47): a round's ranking and advancing creators from it (staff, the brand's owners and managers). */
function roundRoutes(app: Parameters<FastifyPluginAsyncZod>[0], judging: JudgingService) {
  app.get(
    '/rounds/:id/ranking/',
    {
      preHandler: [app.requireUser, roundAdvancers],
      config: { presented: true },
      schema: {
        tags,
        security,
        summary:
          "A page of one round's entries by weighted average on the round's rubric (staff; before the final round also the contest's brand owners and managers)",
        params: roundIdParamsSchema,
        querystring: rankingQuerySchema,
        response: { 200: rankingSchema, ...errors },
      },
    },
    (request) =>
      judging.roundRanking(
        request.caller,
        request.params.id,
        request.query,
        new URL(request.url, 'http://localhost'),
      ),
  );

  app.post(
    '/rounds/:id/advance/',
    {
      preHandler: [app.requireUser, roundAdvancers],
      schema: {
        tags,
        security,
        summary:
          "Advance entries of a closed round into the next: stipends, notices (staff, the contest's brand owners and managers; audited)",
        params: roundIdParamsSchema,
        body: advanceBodySchema,
        response: { 200: advanceResponseSchema, ...errors },
      },
    },
    (request) => judging.advance(request.caller!, request.params.id, request.body),
  );
}

/** Judging on the rubric, staff's ranking and results, scorecards and the public winners. */
export const judgingRoutes =
  ({ judging }: { judging: JudgingService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Ranking and results are staff's: 403 with the generic message, before the contest is looked up.
    const staffOnly = app.requireRole('staff');

    app.put(
      '/entries/:id/scores/',
      {
        preHandler: [app.requireUser, brandScorers],
        schema: {
          tags,
          security,
          summary: "Score an entry's newest version on the rubric (the contest's judges, during judging)",
          params: entryIdParamsSchema,
          body: scoreBodySchema,
          response: { 200: ownScoreSchema, ...errors },
        },
      },
      (request) => judging.saveScore(request.caller, request.params.id, request.body),
    );

    app.get(
      '/contests/:id/scores/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: "The entries to judge with the caller's own scores (judges)",
          params: contestIdParamsSchema,
          response: { 200: judgingSheetSchema, ...errors },
        },
      },
      (request) => judging.sheet(request.caller, request.params.id),
    );

    app.get(
      '/contests/:id/ranking/',
      {
        preHandler: staffOnly,
        config: { presented: true },
        schema: {
          tags,
          security,
          summary: 'A page of the entries by weighted average, with judges and spread (staff)',
          params: contestIdParamsSchema,
          querystring: rankingQuerySchema,
          response: { 200: rankingSchema, ...errors },
        },
      },
      (request) =>
        judging.ranking(
          request.caller,
          request.params.id,
          request.query,
          new URL(request.url, 'http://localhost'),
        ),
    );

    roundRoutes(app, judging);

    app.post(
      '/contests/:id/results/',
      {
        preHandler: staffOnly,
        schema: {
          tags,
          security,
          summary: 'Publish the final places and prizes (staff, once)',
          params: contestIdParamsSchema,
          body: publishResultsBodySchema,
          response: { 201: contestResultsSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await judging.publish(request.caller, request.params.id, request.body)),
    );

    app.post(
      '/contests/:id/results/corrections/',
      {
        preHandler: staffOnly,
        schema: {
          tags,
          security,
          summary: 'Correct published places and prizes, with a reason (staff; audited, ledger corrections)',
          params: contestIdParamsSchema,
          body: correctResultsBodySchema,
          response: { 201: contestResultsSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await judging.correctResults(request.caller, request.params.id, request.body)),
    );

    app.get(
      '/contests/:id/results/',
      {
        schema: {
          tags,
          summary: 'The winners with their films, once published (published_at null before)',
          params: contestIdParamsSchema,
          response: { 200: contestResultsSchema, 404: apiErrorBodySchema },
        },
      },
      (request) => judging.results(request.params.id),
    );

    app.get(
      '/results/winners/',
      {
        schema: {
          tags,
          summary: 'The newest published winners of every contest (home page)',
          response: { 200: recentWinnersSchema },
        },
      },
      () => judging.recentWinners(),
    );

    app.get(
      '/entries/:id/scorecard/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: "The entrant's scorecard, after publication",
          params: entryIdParamsSchema,
          response: { 200: scorecardSchema, ...errors },
        },
      },
      (request) => judging.scorecard(request.caller, request.params.id),
    );
  };
