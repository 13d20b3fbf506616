import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageSide, ThreadKind } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { conversationMessages, conversationReads, conversationThreads } from '../../db/schema/index';

export type ThreadRow = typeof conversationThreads.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;

/** The record a thread belongs to, and the people of it (copied into the thread when it is made). */
export interface ThreadSubject {
  kind: ThreadKind;
  id: number;
  contestId: number;
  brandId: number;
  creatorId: number;
}

const subjectColumn = (kind: ThreadKind) =>
  kind === 'application' ? conversationThreads.applicationId : conversationThreads.entryId;

/** The thread of an application or an entry, if it has one (it is made with its first message). */
export async function findThread(db: DbOrTx, kind: ThreadKind, subjectId: number) {
  const [row] = await db
    .select()
    .from(conversationThreads)
    .where(eq(subjectColumn(kind), subjectId));
  return row;
}

/** The thread of the record, made now if it has none (two first messages at once make one). */
export async function ensureThread(db: DbOrTx, subject: ThreadSubject): Promise<ThreadRow> {
  await db
    .insert(conversationThreads)
    .values({
      kind: subject.kind,
      applicationId: subject.kind === 'application' ? subject.id : null,
      entryId: subject.kind === 'entry' ? subject.id : null,
      contestId: subject.contestId,
      brandId: subject.brandId,
      creatorId: subject.creatorId,
    })
    .onConflictDoNothing();
  return (await findThread(db, subject.kind, subject.id))!;
}

/**
 * At most `limit` messages of a thread older than `before` (all when null), newest first: one range
 * read of `conversation_messages_thread_idx`, however long the thread (prepared: the hot read).
 */
export function pageOfMessages(db: DbOrTx, threadId: number, before: number | null, limit: number) {
  const statement = prepared(db, 'conversations_page', (statementName) =>
    db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.threadId, sql.placeholder('threadId')),
          lt(conversationMessages.id, sql.placeholder('before')),
        ),
      )
      .orderBy(desc(conversationMessages.id))
      .limit(sql.placeholder('limit'))
      .prepare(statementName),
  );
  return statement.execute({ threadId, before: before ?? 2 ** 31 - 1, limit }) as Promise<MessageRow[]>;
}

export async function findMessage(db: DbOrTx, messageId: number) {
  const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, messageId));
  return row;
}

/** A new message; the thread's last message moves to it. */
export async function insertMessage(
  db: DbOrTx,
  values: { threadId: number; authorId: number; authorSide: MessageSide; body: string },
): Promise<MessageRow> {
  const [row] = await db.insert(conversationMessages).values(values).returning();
  await db
    .update(conversationThreads)
    .set({ lastMessageId: row!.id, lastMessageAt: row!.createdAt })
    .where(eq(conversationThreads.id, values.threadId));
  return row!;
}

/** Hides a message not hidden yet; undefined when it already was. */
export async function hideMessage(db: DbOrTx, messageId: number, hiddenBy: number, reason: string) {
  const [row] = await db
    .update(conversationMessages)
    .set({ hiddenAt: new Date(), hiddenBy, hiddenReason: reason })
    .where(and(eq(conversationMessages.id, messageId), isNull(conversationMessages.hiddenAt)))
    .returning();
  return row;
}

/** The user has read the thread up to `messageId` (a read never goes back). */
export async function markRead(db: DbOrTx, threadId: number, userId: number, messageId: number) {
  await db
    .insert(conversationReads)
    .values({ threadId, userId, lastReadId: messageId })
    .onConflictDoUpdate({
      target: [conversationReads.threadId, conversationReads.userId],
      set: { lastReadId: sql`excluded.last_read_id` },
      // Reading a thread read already writes nothing.
      setWhere: sql`${conversationReads.lastReadId} < excluded.last_read_id`,
    });
}

/** Whose threads an inbox lists: a creator's, a brand's, or those a staff member wrote in. */
export type ThreadOwner = { creatorId: number } | { brandId: number } | { staffId: number };

function ownedBy(owner: ThreadOwner): SQL {
  if ('creatorId' in owner) return sql`${conversationThreads.creatorId} = ${owner.creatorId}`;
  if ('brandId' in owner) return sql`${conversationThreads.brandId} = ${owner.brandId}`;
  return sql`${conversationThreads.id} in (select ${conversationMessages.threadId} from ${conversationMessages}
    where ${conversationMessages.authorId} = ${owner.staffId})`;
}

/** The messages of thread `t` that `userId` has not read (their own are never unread). */
function unreadOf(userId: number) {
  return sql<number>`(select count(*)::int from ${conversationMessages} m
    where m.thread_id = ${conversationThreads.id}
      and m.id > coalesce((select r.last_read_id from ${conversationReads} r
        where r.thread_id = ${conversationThreads.id} and r.user_id = ${userId}), 0)
      and m.author_id is distinct from ${userId})`;
}

/** A page of the owner's threads that have messages, the most recently active first, with `userId`'s unread. */
export async function listThreads(
  db: DbOrTx,
  owner: ThreadOwner,
  userId: number,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      thread: conversationThreads,
      last: {
        body: conversationMessages.body,
        hidden: sql<boolean>`${conversationMessages.hiddenAt} is not null`,
        authorSide: conversationMessages.authorSide,
        createdAt: conversationMessages.createdAt,
      },
      unread: unreadOf(userId),
    })
    .from(conversationThreads)
    .innerJoin(conversationMessages, eq(conversationMessages.id, conversationThreads.lastMessageId))
    .where(ownedBy(owner))
    .orderBy(desc(conversationThreads.lastMessageAt), desc(conversationThreads.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The unread messages of all the owner's threads, for `userId` (the navbar's badge). */
export async function unreadTotal(db: DbOrTx, owner: ThreadOwner, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadOf(userId)}), 0)::int` })
    .from(conversationThreads)
    .where(and(ownedBy(owner), sql`${conversationThreads.lastMessageId} is not null`));
  return row?.n ?? 0;
}

/** The staff members who wrote in the thread (they take part in it from then on). */
export async function staffAuthorsOf(db: DbOrTx, threadId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: conversationMessages.authorId })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.threadId, threadId), eq(conversationMessages.authorSide, 'staff')));
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

// ── E-mail digests ─────────────────────────────────────────────────────────────────────────────

/**
 * Plans a digest of the thread for each of these users who has none planned: returns those users
 * (a job is queued for each); the others' planned digest will report this message too.
 */
export async function planDigests(db: DbOrTx, threadId: number, userIds: number[], dueAt: Date) {
  if (!userIds.length) return [];
  const rows = await db
    .insert(conversationReads)
    .values(userIds.map((userId) => ({ threadId, userId, digestDueAt: dueAt })))
    .onConflictDoUpdate({
      target: [conversationReads.threadId, conversationReads.userId],
      set: { digestDueAt: sql`excluded.digest_due_at` },
      setWhere: isNull(conversationReads.digestDueAt),
    })
    .returning({ userId: conversationReads.userId });
  return rows.map((row) => row.userId);
}

/** The user's state in the thread, locked for the digest that reads and moves it. */
export async function lockRead(db: DbOrTx, threadId: number, userId: number) {
  const [row] = await db
    .select()
    .from(conversationReads)
    .where(and(eq(conversationReads.threadId, threadId), eq(conversationReads.userId, userId)))
    .for('update');
  return row;
}

/** The visible messages after `afterId` that others wrote, oldest first (what a digest reports). */
export async function messagesForDigest(db: DbOrTx, threadId: number, userId: number, afterId: number) {
  return db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.threadId, threadId),
        sql`${conversationMessages.id} > ${afterId}`,
        isNull(conversationMessages.hiddenAt),
        sql`${conversationMessages.authorId} is distinct from ${userId}`,
      ),
    )
    .orderBy(conversationMessages.id);
}

/** The digest went out (or had nothing to say): up to `mailedId`, none planned now. */
export async function digestDone(db: DbOrTx, threadId: number, userId: number, mailedId: number | null) {
  await db
    .update(conversationReads)
    .set({
      digestDueAt: null,
      ...(mailedId === null ? {} : { lastMailedId: mailedId, lastDigestAt: new Date() }),
    })
    .where(and(eq(conversationReads.threadId, threadId), eq(conversationReads.userId, userId)));
}

export async function findThreadById(db: DbOrTx, threadId: number) {
  const [row] = await db.select().from(conversationThreads).where(eq(conversationThreads.id, threadId));
  return row;
}
