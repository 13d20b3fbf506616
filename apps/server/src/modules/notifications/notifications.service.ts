import {
  EMAIL_CATEGORIES,
  NOTIFICATION_CATEGORY,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type EmailCategory,
  type MarkReadBody,
  type MarkReadResponse,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type UnsubscribeResponse,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { MailTopic } from '../../mail/mailer';
import { AppError } from '../../lib/errors';
import { pageWindow, toPage, type PageRequest } from '../../lib/paging';
import type { Caller } from '../../plugins/auth';
import { userIdByEmail } from '../accounts';
import { raiseLiveEvent } from './live-events';
import * as repo from './notifications.repository';
import { presentNotification } from './notifications.presenter';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-tokens';

export type NotificationsServiceDeps = Pick<AppDeps, 'database' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The inbox and the e-mail preferences of the signed-in user (issue 32). */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const db = deps.database.db;
  return {
    async list(user: Caller, unreadOnly: boolean, request: PageRequest): Promise<NotificationPage> {
      const [rows, counts] = await Promise.all([
        repo.listNotifications(db, user.id, { unreadOnly, ...pageWindow(request) }),
        repo.countNotifications(db, user.id),
      ]);
      const page = toPage(
        rows.map(presentNotification),
        unreadOnly ? counts.unread : counts.total,
        request,
        deps.config.PUBLIC_URL,
      );
      return { ...page, unread: counts.unread };
    },

    /** Marks the user's own notifications read; ids of anybody else's are ignored. */
    async markRead(user: Caller, body: MarkReadBody): Promise<MarkReadResponse> {
      const marked = await repo.markRead(db, user.id, 'ids' in body ? body.ids : undefined);
      const { unread } = await repo.countNotifications(db, user.id);
      if (marked) await raiseLiveEvent(deps, user.id, 'notification', { unread });
      return { marked, unread };
    },

    async preferences(user: Caller): Promise<NotificationPreferences> {
      return preferencesOf(await repo.findPreferences(db, user.id));
    },

    async savePreferences(user: Caller, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
      const changes = EMAIL_CATEGORIES.filter((category) => body[category] !== undefined).map((category) => ({
        category,
        enabled: body[category]!,
      }));
      await repo.savePreferences(db, user.id, changes);
      return preferencesOf(await repo.findPreferences(db, user.id));
    },

    /** One-click unsubscribe (RFC 8058): no session, the signed token names user and category. */
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      const target = verifyUnsubscribeToken(deps.config.JWT_SECRET, token);
      if (!target) throw new AppError('not_found', NOTIFICATION_MESSAGES.unsubscribeInvalid);
      // A deleted account's token has nothing to turn off (the foreign key would refuse the row).
      await repo
        .savePreferences(db, target.userId, [{ category: target.category, enabled: false }])
        .catch((error: unknown) => {
          if (
            (error as { code?: string }).code === '23503' ||
            (error as { cause?: { code?: string } }).cause?.code === '23503'
          )
            throw new AppError('not_found', NOTIFICATION_MESSAGES.unsubscribeInvalid);
          throw error;
        });
      return { category: target.category, detail: NOTIFICATION_MESSAGES.unsubscribed };
    },
  };
}

function preferencesOf(saved: Map<EmailCategory, boolean>): NotificationPreferences {
  return Object.fromEntries(
    EMAIL_CATEGORIES.map((category) => [category, saved.get(category) ?? true]),
  ) as NotificationPreferences;
}

/**
 * THE ONE PLACE e-mails become notifications (issue 32). The send-email job calls this before it
 * sends an e-mail that carries a `topic` (every product event's e-mail does; account and security
 * mails carry none): the recipient's notification is written (once per job: a job run twice
 * writes it once), a live event bumps their bell, and the answer says whether the e-mail goes out
 * (the category may be turned off) with its one-click unsubscribe headers.
 */
export function createMailNotifier(deps: NotificationsServiceDeps) {
  const db = deps.database.db;
  return async (
    message: { to: string; subject: string; topic?: MailTopic },
    jobId: string,
  ): Promise<{ send: boolean; headers?: Record<string, string> }> => {
    if (!message.topic) return { send: true };
    const userId = await userIdByEmail(db, message.to);
    if (!userId) return { send: true };
    const category = NOTIFICATION_CATEGORY[message.topic.kind];
    const created = await repo.insertNotification(db, {
      userId,
      kind: message.topic.kind,
      title: message.subject.slice(0, NOTIFICATION_LIMITS.titleMax),
      url: appPath(message.topic.url, deps.config.PUBLIC_URL),
      source: `send-email:${jobId}`,
    });
    if (created) {
      await repo.pruneNotifications(db, userId, new Date(Date.now() - NOTIFICATION_LIMITS.keepDays * DAY_MS));
      const { unread } = await repo.countNotifications(db, userId);
      await raiseLiveEvent(deps, userId, 'notification', { unread });
    }
    const enabled = (await repo.findPreferences(db, userId)).get(category) ?? true;
    if (!enabled) return { send: false };
    const link = `${deps.config.PUBLIC_URL}/api/unsubscribe/${signUnsubscribeToken(deps.config.JWT_SECRET, userId, category)}/`;
    return {
      send: true,
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  };
}

/** The web app's path of a link on PUBLIC_URL (other links are kept only by their path too). */
function appPath(url: string, publicUrl: string): string {
  try {
    const parsed = new URL(url, publicUrl);
    return `${parsed.pathname}${parsed.search}`.slice(0, NOTIFICATION_LIMITS.urlMax);
  } catch {
    return '/notifications';
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
