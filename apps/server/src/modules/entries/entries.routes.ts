import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalBodySchema,
  contestParamsSchema,
  createNoteBodySchema,
  entryEligibilitySchema,
  entryApprovalsSchema,
  entryIdParamsSchema,
  entryListQuerySchema,
  entryListResponseSchema,
  entryNoteParamsSchema,
  entryNoteSchema,
  entrySchema,
  myEntryResponseSchema,
  qcOverrideBodySchema,
  qcOverrideSchema,
  requestRevisionBodySchema,
  roundIdParamsSchema,
  submitEntryBodySchema,
  submitRoundEntryBodySchema,
  TOTAL_COUNT_HEADER,
} from '@app/domain';
import { linkHeader } from '../../lib/paging';
import { entryReviewers } from './entries.policy';
import type { EntriesService } from './entries.service';

/** Entering a round of a contest (issue 47). */
function roundEntryRoute(app: Parameters<FastifyPluginAsyncZod>[0], service: EntriesService) {
  app.post(
    '/rounds/:id/entries/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['entries'],
        summary:
          "Enter a round of a contest (creators, as the round's policy allows, inside its window): an idea's title and text, a pitch's title and video, a film's video; again for a new version",
        params: roundIdParamsSchema,
        body: submitRoundEntryBodySchema,
        response: { 201: entrySchema },
      },
    },
    async (request, reply) => {
      const entry = await service.submitToRound(request.params.id, request.caller!, request.body, {
        ip: request.ip,
      });
      return reply.status(201).send(entry);
    },
  );
}

/** Contest entries: submissions checked against the brief, versions, review notes, timeline. */
export const entriesRoutes =
  ({ entries: service }: { entries: EntriesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/contests/:id/entries/',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['entries'],
          summary:
            'Submit a video to a contest (selected creators, before the deadline); again for a new version',
          params: contestParamsSchema,
          body: submitEntryBodySchema,
          response: { 201: entrySchema },
        },
      },
      async (request, reply) => {
        const entry = await service.submit(request.params.id, request.caller!, request.body, {
          ip: request.ip,
        });
        return reply.status(201).send(entry);
      },
    );

    roundEntryRoute(app, service);

    app.get(
      '/contests/:id/entries/',
      {
        preHandler: app.requireUser,
        // A hundred entries with their histories (~170 KB): written as presented (npm run bench).
        config: { presented: true },
        schema: {
          tags: ['entries'],
          summary:
            "A page of a contest's entries with their newest version and history (staff, the contest's brand); X-Total-Count and Link headers page it",
          params: contestParamsSchema,
          querystring: entryListQuerySchema,
          response: { 200: entryListResponseSchema },
        },
      },
      async (request, reply) => {
        const page = await service.listForReviewer(
          request.params.id,
          request.caller!,
          request.query,
          new URL(request.url, 'http://localhost'),
        );
        reply.header(TOTAL_COUNT_HEADER, page.count);
        const link = linkHeader(page);
        if (link) reply.header('link', link);
        return page.results;
      },
    );

    app.get(
      '/contests/:id/entries/mine/',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['entries'],
          summary: "The caller's own entry in a contest, or null",
          params: contestParamsSchema,
          response: { 200: myEntryResponseSchema },
        },
      },
      async (request) => service.mine(request.params.id, request.caller!),
    );

    app.get(
      '/contests/:id/entries/eligibility/',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['entries'],
          summary: 'Whether the caller may submit a video to the contest now, and if not, why',
          params: contestParamsSchema,
          response: { 200: entryEligibilitySchema },
        },
      },
      async (request) => service.eligibility(request.params.id, request.caller!),
    );

    app.get(
      '/entries/:id/',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['entries'],
          summary: 'One entry with its versions, notes and timeline (the entrant, staff, the contest brand)',
          params: entryIdParamsSchema,
          response: { 200: entrySchema },
        },
      },
      async (request) => service.get(request.params.id, request.caller!),
    );

    app.post(
      '/entries/:id/notes/',
      {
        preHandler: [app.requireUser, entryReviewers],
        schema: {
          tags: ['entries'],
          summary: 'A review note pinned to a moment of a version (reviewers), or a reply (also the entrant)',
          params: entryIdParamsSchema,
          body: createNoteBodySchema,
          response: { 201: entryNoteSchema },
        },
      },
      async (request, reply) => {
        const note = await service.addNote(request.params.id, request.caller!, request.body);
        return reply.status(201).send(note);
      },
    );

    app.post(
      '/entries/:id/notes/:noteId/resolve/',
      {
        preHandler: [app.requireUser, entryReviewers],
        schema: {
          tags: ['entries'],
          summary: "Resolve a review note (staff, the contest's brand)",
          params: entryNoteParamsSchema,
          response: { 200: entryNoteSchema },
        },
      },
      async (request) => service.resolveNote(request.params.id, request.params.noteId, request.caller!),
    );

    app.post(
      '/entries/:id/request-revision/',
      {
        preHandler: [app.requireUser, entryReviewers],
        schema: {
          tags: ['entries'],
          summary: "Ask the entrant for a new version (staff, the contest's brand)",
          params: entryIdParamsSchema,
          body: requestRevisionBodySchema,
          response: { 200: entrySchema },
        },
      },
      async (request) => service.requestRevision(request.params.id, request.caller!, request.body),
    );

    qcOverrideRoute(app, service);
    approvalRoutes(app, service);
  };

/** Staff's exception to a contest's blocking technical checks (issue 51). */
function qcOverrideRoute(app: Parameters<FastifyPluginAsyncZod>[0], service: EntriesService) {
  app.post(
    '/entries/:id/qc-override/',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['entries'],
        summary:
          "Let a video into the entry's contest whatever its technical check says (staff, with a reason): the current version's video, or another of the creator's (their next submission)",
        params: entryIdParamsSchema,
        body: qcOverrideBodySchema,
        response: { 201: qcOverrideSchema },
      },
    },
    async (request, reply) => {
      const saved = await service.overrideQc(request.params.id, request.caller!, request.body);
      return reply.status(201).send(saved);
    },
  );
}

/** The brand's sign-off on the final cut (issue 49). */
function approvalRoutes(app: Parameters<FastifyPluginAsyncZod>[0], service: EntriesService) {
  app.get(
    '/entries/:id/approvals/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['entries'],
        summary:
          "The approvals the entry's contest asks, the current version's state and every decision (the contest's brand, staff, the entrant)",
        params: entryIdParamsSchema,
        response: { 200: entryApprovalsSchema },
      },
    },
    async (request) => service.approvals(request.params.id, request.caller!),
  );

  app.post(
    '/entries/:id/approvals/',
    {
      preHandler: [app.requireUser, entryReviewers],
      schema: {
        tags: ['entries'],
        summary:
          "Approve the entry's current version or ask for changes with a comment (owners, managers and reviewers of the contest's brand; a second decision replaces the first)",
        params: entryIdParamsSchema,
        body: approvalBodySchema,
        response: { 201: entryApprovalsSchema },
      },
    },
    async (request, reply) => {
      const approvals = await service.decideApproval(request.params.id, request.caller!, request.body);
      return reply.status(201).send(approvals);
    },
  );
}
