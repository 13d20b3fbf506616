import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_LIMITS, type EmailCategory, type NotificationKind, type Role } from '@app/domain';
import { createdAt, maxChars, timestampTz, updatedAt } from './columns';
import { users } from './accounts';

/**
 * A person's in-app notification (issue 32): one per e-mail that reported an event to them.
 * `source` is the send-email job's id, so a job that runs twice writes it once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    /** A path of the web app (`/entries/12`). */
    url: text('url').notNull(),
    source: text('source').notNull().unique(),
    createdAt: createdAt(),
    readAt: timestampTz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_created_idx').on(t.createdAt),
    maxChars('notifications_title_len', t.title, NOTIFICATION_LIMITS.titleMax),
    maxChars('notifications_url_len', t.url, NOTIFICATION_LIMITS.urlMax),
  ],
);

/** E-mail categories a person turned on or off; a missing row is "on". */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<EmailCategory>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * Live events for the SSE streams, in the order they happened: the increasing `id` is the
 * stream's event id, so a reconnect with `Last-Event-ID` replays what it missed. Kept for a day.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id), index('live_events_created_idx').on(t.createdAt)],
);

/** Single-use tickets that open a stream (EventSource cannot send an Authorization header). */
export const eventTickets = pgTable('event_tickets', {
  /** SHA-256 of the ticket, hex: the ticket itself is never stored. */
  hash: text('hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').$type<Role>().notNull(),
  /** The session of the access token that asked: the stream closes when it ends. */
  sessionId: text('session_id'),
  tokenVersion: integer('token_version').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
});

/**
 * The SSE streams open on every app process: a user's sixth stream pushes out the oldest wherever
 * it is (its row is deleted and a NOTIFY tells its process to close it). A row left by a process
 * that died is pushed out the same way.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: timestampTz('opened_at').notNull().defaultNow(),
  },
  (t) => [index('live_streams_user_idx').on(t.userId, t.openedAt)],
);
