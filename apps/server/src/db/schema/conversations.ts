import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONVERSATION_LIMITS } from '@app/domain';
import { createdAt, maxChars, timestampTz } from './columns';
import { users } from './accounts';
import { brands } from './brands';
import { applications, contests } from './contests';
import { contestEntries } from './entries';

/**
 * A conversation (issue 49): the thread of one application or one entry, between its creator and
 * the brand team of its contest (staff read and join any). Made with its first message; the
 * contest, brand and creator are copied from the record (they never change) so the inbox and the
 * access check read one row. The contest's brand stays true: a foreign key on `(contest_id,
 * brand_id)` with ON UPDATE CASCADE follows a contest moved to another brand (as `videos` does).
 * `last_message_*` order the inbox.
 */
export const conversationThreads = pgTable(
  'conversation_threads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['application', 'entry'] }).notNull(),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => contestEntries.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestampTz('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'conversation_threads_contest_brand_fk',
      columns: [t.contestId, t.brandId],
      foreignColumns: [contests.id, contests.brandId],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    // The cascade of a contest's brand change finds its threads here.
    index('conversation_threads_contest_idx').on(t.contestId, t.brandId),
    uniqueIndex('conversation_threads_application_key').on(t.applicationId),
    uniqueIndex('conversation_threads_entry_key').on(t.entryId),
    check(
      'conversation_threads_one_subject',
      sql`(${t.kind} = 'application' and ${t.applicationId} is not null and ${t.entryId} is null)
        or (${t.kind} = 'entry' and ${t.entryId} is not null and ${t.applicationId} is null)`,
    ),
    // The inboxes: a creator's threads and a brand's, the most recently active first.
    index('conversation_threads_creator_idx').on(t.creatorId, t.lastMessageAt.desc().nullsLast()),
    index('conversation_threads_brand_idx').on(t.brandId, t.lastMessageAt.desc().nullsLast()),
  ],
);

/**
 * A message of a thread: plain text. Staff may hide one with a reason (audited): everyone but
 * staff then reads "hidden by the platform team".
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => conversationThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who the author spoke as: `MESSAGE_SIDES` in the domain. */
    authorSide: text('author_side', { enum: ['creator', 'brand', 'staff'] }).notNull(),
    body: text('body').notNull(),
    hiddenAt: timestampTz('hidden_at'),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // A page of a thread (`?before=`): newest first, from the index, however long the thread.
    index('conversation_messages_thread_idx').on(t.threadId, t.id.desc()),
    // A staff member's inbox: the threads they wrote in.
    index('conversation_messages_author_idx').on(t.authorId, t.threadId),
    check('conversation_messages_side_known', sql`${t.authorSide} in ('creator', 'brand', 'staff')`),
    maxChars('conversation_messages_body_len', t.body, CONVERSATION_LIMITS.bodyMax),
    maxChars('conversation_messages_hidden_reason_len', t.hiddenReason, CONVERSATION_LIMITS.hideReasonMax),
  ],
);

/**
 * Where one person stands in one thread: the last message they read (unread counts), the last one
 * an e-mail digest told them of, and when their next digest is due (null: none planned). A missing
 * row is "read nothing, mailed nothing".
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => conversationThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
    lastMailedId: integer('last_mailed_id').notNull().default(0),
    digestDueAt: timestampTz('digest_due_at'),
    lastDigestAt: timestampTz('last_digest_at'),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);
