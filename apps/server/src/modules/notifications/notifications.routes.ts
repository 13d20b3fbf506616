import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  markReadBodySchema,
  markReadResponseSchema,
  NOTIFICATION_LIMITS,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  unsubscribeParamsSchema,
  unsubscribeResponseSchema,
} from '@app/domain';
import type { NotificationsService } from './notifications.service';
import type { AppDeps } from '../../app-deps';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema };

/** The inbox, the e-mail preferences and one-click unsubscribe (issue 32). */
export const notificationsRoutes =
  (
    deps: Pick<AppDeps, 'config'>,
    { notifications: service }: { notifications: NotificationsService },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: 'Your notifications, newest first (`unread=true`: unread only), with your unread count',
          querystring: notificationListQuerySchema,
          response: { 200: notificationPageSchema, ...errors },
        },
      },
      (request) =>
        service.list(request.caller!, request.query.unread, {
          page: request.query.page,
          pageSize: NOTIFICATION_LIMITS.pageSize,
          url: new URL(request.url, 'http://localhost'),
        }),
    );

    app.post(
      '/notifications/read/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: 'Mark notifications read: `{"ids": [...]}` or `{"all": true}` (ids of others are ignored)',
          body: markReadBodySchema,
          response: { 200: markReadResponseSchema, ...errors },
        },
      },
      (request) => service.markRead(request.caller!, request.body),
    );

    app.get(
      '/accounts/notification-preferences/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: 'Which e-mail categories you receive (account and security mails always go out)',
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      (request) => service.preferences(request.caller!),
    );

    app.put(
      '/accounts/notification-preferences/',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          summary: 'Turn e-mail categories on or off: `{category: boolean}`',
          body: notificationPreferencesBodySchema,
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      (request) => service.savePreferences(request.caller!, request.body),
    );

    // Mail clients POST the one-click body `List-Unsubscribe=One-Click` as a form (RFC 8058): read
    // and ignored (the token says everything), in a scope of its own so no other route takes forms.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, _body, done) => done(null, undefined),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/unsubscribe/:token/',
        {
          config: { secretParams: ['token'] },
          schema: {
            tags,
            summary:
              "One-click unsubscribe (RFC 8058): turns the link's e-mail category off for its user, without signing in",
            params: unsubscribeParamsSchema,
            response: { 200: unsubscribeResponseSchema, 404: apiErrorBodySchema },
          },
        },
        (request) => service.unsubscribe(request.params.token),
      );
    });

    // A browser that opens the link (GET) lands on the web app's confirmation page, whose button
    // sends the POST: a GET never changes anything, since mail scanners open every link.
    app.get(
      '/unsubscribe/:token/',
      {
        config: { secretParams: ['token'] },
        schema: {
          tags,
          summary: 'Opened in a browser: redirects to the confirmation page (which sends the POST)',
          params: unsubscribeParamsSchema,
        },
      },
      (request, reply) =>
        reply
          .header('Referrer-Policy', 'no-referrer')
          .redirect(`${deps.config.PUBLIC_URL}/unsubscribe/${encodeURIComponent(request.params.token)}`, 303),
    );
  };
