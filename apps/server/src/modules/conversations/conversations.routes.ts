import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  conversationMessageSchema,
  conversationParamsSchema,
  hideMessageBodySchema,
  messageBodySchema,
  messageListQuerySchema,
  messagePageSchema,
  threadListQuerySchema,
  threadListSchema,
  type ThreadKind,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { messageWriters, threadReaders } from './conversations.policy';
import type { ConversationsService } from './conversations.service';

const tags = ['conversations'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
};

/** The two routes of one kind of thread: `/applications/{id}/messages/`, `/entries/{id}/messages/`. */
function threadRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'database'>,
  service: ConversationsService,
  kind: ThreadKind,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = `/${kind === 'application' ? 'applications' : 'entries'}/:id/messages/`;
  const readers = threadReaders(deps, kind);
  const of = kind === 'application' ? 'an application' : 'an entry';

  typed.get(
    path,
    {
      preHandler: [app.requireUser, readers],
      schema: {
        tags,
        security,
        summary: `The thread of ${of}: the newest 50 messages (older ones with \`?before=<message id>\`); reading the newest marks it read`,
        params: conversationParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    (request) => service.page(request.caller!, request.conversation!, request.query.before),
  );

  typed.post(
    path,
    {
      preHandler: [app.requireUser, messageWriters, readers],
      schema: {
        tags,
        security,
        summary: `A message in the thread of ${of} (its creator, the brand's owners, managers and reviewers, staff)`,
        params: conversationParamsSchema,
        body: messageBodySchema,
        response: { 201: conversationMessageSchema, 429: apiErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.post(request.caller!, request.conversation!, request.body.body)),
  );
}

/**
 * Conversations (issue 49): the thread of every application and entry, the caller's inbox, and
 * staff's hiding of a message. Who may call each route: conversations.policy.ts.
 */
export const conversationsRoutes =
  (
    deps: Pick<AppDeps, 'database'>,
    { conversations }: { conversations: ConversationsService },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    threadRoutes(app, deps, conversations, 'application');
    threadRoutes(app, deps, conversations, 'entry');

    app.get(
      '/threads/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary:
            'Your conversations with messages, the most recently active first (50 a page), each with its unread count, and your unread total',
          querystring: threadListQuerySchema,
          response: { 200: threadListSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
        },
      },
      (request) => conversations.threads(request.caller!, request.query.page),
    );

    app.post(
      '/messages/:id/hide/',
      {
        preHandler: app.requireStaff,
        schema: {
          tags,
          security,
          summary: 'Hide a message with a reason (staff; audited): others read "hidden by the platform team"',
          params: conversationParamsSchema,
          body: hideMessageBodySchema,
          response: { 200: conversationMessageSchema, 409: apiErrorBodySchema, ...errors },
        },
      },
      (request) => conversations.hide(request.caller!, request.params.id, request.body.reason),
    );
  };
