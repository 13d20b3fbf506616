import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { EmailCategory, NotificationKind } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import {
  eventTickets,
  liveEvents,
  liveStreams,
  notificationPreferences,
  notifications,
} from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

/** Writes a notification once per `source`; undefined when that source already wrote one. */
export async function insertNotification(
  db: DbOrTx,
  values: { userId: number; kind: NotificationKind; title: string; url: string; source: string },
): Promise<NotificationRow | undefined> {
  const [row] = await db.insert(notifications).values(values).onConflictDoNothing().returning();
  return row;
}

/** Removes the user's notifications created before `before`. */
export async function pruneNotifications(db: DbOrTx, userId: number, before: Date): Promise<void> {
  await db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), lt(notifications.createdAt, before)));
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), options.unreadOnly ? isNull(notifications.readAt) : undefined),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The user's notification count and unread count, in one query. */
export async function countNotifications(
  db: DbOrTx,
  userId: number,
): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Marks the user's unread notifications among `ids` (all, when `ids` is undefined) read. */
export async function markRead(db: DbOrTx, userId: number, ids: number[] | undefined): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findPreferences(db: DbOrTx, userId: number): Promise<Map<EmailCategory, boolean>> {
  const rows = await db
    .select({ category: notificationPreferences.category, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((row) => [row.category, row.enabled]));
}

export async function savePreferences(
  db: DbOrTx,
  userId: number,
  changes: Array<{ category: EmailCategory; enabled: boolean }>,
): Promise<void> {
  if (!changes.length) return;
  await db
    .insert(notificationPreferences)
    .values(changes.map((change) => ({ userId, ...change })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { enabled: sql`excluded.enabled`, updatedAt: new Date() },
    });
}

export type LiveEventRow = typeof liveEvents.$inferSelect;

/**
 * Stores a live event and wakes every listening process (NOTIFY carries `<user id>:<event id>`;
 * the listeners read the row). One statement: the NOTIFY is sent when the row is committed.
 */
export async function insertLiveEvent(
  db: DbOrTx,
  userId: number,
  type: string,
  data: Record<string, unknown>,
): Promise<void> {
  await db.execute(sql`
    with e as (
      insert into ${liveEvents} (user_id, type, data) values (${userId}, ${type}, ${JSON.stringify(data)}::jsonb)
      returning id, user_id
    )
    select pg_notify('live_events', e.user_id || ':' || e.id) from e`);
}

/** These users' events after `afterId`, oldest first. */
export async function liveEventsAfter(
  db: DbOrTx,
  userIds: number[],
  afterId: number,
): Promise<LiveEventRow[]> {
  if (!userIds.length) return [];
  return db
    .select()
    .from(liveEvents)
    .where(and(inArray(liveEvents.userId, userIds), gt(liveEvents.id, afterId)))
    .orderBy(liveEvents.id)
    .limit(500);
}

/** The newest event id of all users (0 when there is none): where a fresh stream starts. */
export async function lastLiveEventId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)`.mapWith(Number) })
    .from(liveEvents);
  return row?.id ?? 0;
}

export async function pruneLiveEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
}

export async function insertTicket(db: DbOrTx, values: typeof eventTickets.$inferInsert): Promise<void> {
  await db.delete(eventTickets).where(lt(eventTickets.expiresAt, new Date()));
  await db.insert(eventTickets).values(values);
}

/** Takes a ticket once: the row is deleted as it is read, so a second use finds nothing. */
export async function takeTicket(db: DbOrTx, hash: string) {
  const [row] = await db
    .delete(eventTickets)
    .where(and(eq(eventTickets.hash, hash), gt(eventTickets.expiresAt, new Date())))
    .returning();
  return row;
}

/**
 * Registers an open stream and pushes out this user's streams beyond the newest `keep` (on any
 * process): their rows are deleted and each is announced as `close:<stream id>` on the
 * `live_events` channel, so the process holding it closes it. One statement.
 */
export async function registerLiveStream(
  db: DbOrTx,
  id: string,
  userId: number,
  keep: number,
): Promise<void> {
  await db.execute(sql`
    with added as (
      insert into ${liveStreams} (id, user_id) values (${id}::uuid, ${userId})
    ), pushed as (
      delete from ${liveStreams} where id in (
        select id from ${liveStreams} where user_id = ${userId} and id <> ${id}::uuid
        order by opened_at desc, id desc offset ${keep - 1}
      )
      returning id
    )
    select pg_notify('live_events', 'close:' || pushed.id) from pushed`);
}

/** Whether a stream is still registered (not pushed out by newer ones). */
export async function liveStreamOpen(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: liveStreams.id }).from(liveStreams).where(eq(liveStreams.id, id));
  return !!row;
}

export async function removeLiveStream(db: DbOrTx, id: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, id));
}
