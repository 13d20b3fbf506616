import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBodySchema, eventStreamQuerySchema, eventTicketSchema } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { AccessCheck } from '../../plugins/auth';
import { createLiveStreams } from './live-streams';

const tags = ['notifications'];

/** `POST /api/events/ticket/` and `GET /api/events/?ticket=` (text/event-stream), issue 32. */
export const eventsRoutes =
  (
    deps: Pick<AppDeps, 'database' | 'log' | 'metrics'>,
    { accessCheck }: { accessCheck: AccessCheck },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const live = createLiveStreams(deps, { isCurrent: accessCheck });
    // Open streams are told to reconnect elsewhere and end before the server waits for its
    // connections to close.
    app.addHook('preClose', () => live.close());

    app.post(
      '/events/ticket/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security: [{ bearerAuth: [] }],
          summary: 'A single-use ticket (60 s) to open your live-update stream',
          response: { 200: eventTicketSchema, 401: apiErrorBodySchema },
        },
      },
      (request) => live.ticket(request.caller!),
    );

    app.get(
      '/events/',
      {
        schema: {
          tags,
          summary:
            'Your live updates as text/event-stream (ticket from POST /api/events/ticket/; `Last-Event-ID` replays)',
          querystring: eventStreamQuerySchema,
          response: { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 503: apiErrorBodySchema },
        },
      },
      async (request, reply) => {
        const header = request.headers['last-event-id'];
        const fromHeader =
          typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
        await live.open(request, reply, request.query.ticket, fromHeader ?? request.query.last_event_id);
      },
    );
  };
