import {
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGES,
  type ConversationMessage,
  type MessageHiddenLiveEvent,
  type MessagePage,
  type ThreadList,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { brandMemberIdsOf, brandNamesOf, namesOf } from '../accounts';
import { recordAudit } from '../audit';
import { raiseLiveEvent } from '../notifications';
import { digestJob } from './conversations.jobs';
import * as repo from './conversations.repository';
import { authorName, presentMessage } from './conversations.presenter';
import { canPostInThread, seesHiddenMessages, sideOf } from './conversations.policy';
import { inbox, unreadTotalOf } from './conversations-inbox';
import type { MessageRow, ThreadRow, ThreadSubject } from './conversations.repository';

export type ConversationsDeps = Pick<AppDeps, 'database' | 'queue' | 'config' | 'log'>;

/** The thread the route's `threadReaders` loaded (conversations.policy.ts). */
export interface ThreadAt {
  subject: ThreadSubject;
  thread: ThreadRow | undefined;
}

/** Messages as the API answers them, their authors named in two reads (people, the brand). */
async function presentMessages(db: DbOrTx, rows: MessageRow[], brandId: number, caller: Caller) {
  const people = await namesOf(
    db,
    rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId])),
  );
  const brandName = rows.some((row) => row.authorSide === 'brand')
    ? (await brandNamesOf(db, [brandId])).get(brandId)
    : undefined;
  const forStaff = seesHiddenMessages(caller);
  return rows.map((row) =>
    presentMessage(
      row,
      authorName(row.authorSide, row.authorId === null ? undefined : people.get(row.authorId), brandName),
      forStaff,
    ),
  );
}

/**
 * Conversations (issue 49): the thread of every application and entry between its creator and the
 * contest's brand team, staff joining any. Who may call what is the routes' (conversations.policy.ts);
 * the service reads and writes the thread it is handed.
 */
export function createConversationsService(deps: ConversationsDeps) {
  const db = deps.database.db;

  /** The other people of the thread, who hear of a new message: creator, brand team, staff who wrote. */
  async function participants(thread: ThreadRow): Promise<number[]> {
    const [brand, staff] = await Promise.all([
      brandMemberIdsOf(db, thread.brandId),
      repo.staffAuthorsOf(db, thread.id),
    ]);
    return [...new Set([thread.creatorId, ...brand, ...staff])];
  }

  /** Live events to the other participants, and their e-mail digests planned (after the commit). */
  async function announce(thread: ThreadRow, message: MessageRow, author: Caller) {
    const others = (await participants(thread)).filter((id) => id !== author.id);
    const roles = await namesOf(db, others);
    for (const userId of others) {
      const person = roles.get(userId);
      if (!person) continue;
      const reader = { id: userId, role: person.role as Caller['role'], brandId: thread.brandId };
      const unread = await unreadTotalOf(db, reader);
      await raiseLiveEvent(deps, userId, 'message', {
        kind: thread.kind,
        id: thread.applicationId ?? thread.entryId,
        message_id: message.id,
        unread_total: unread,
      });
    }
    const dueAt = new Date(Date.now() + deps.config.MESSAGE_DIGEST_SECONDS * 1000);
    const planned = await repo.planDigests(db, thread.id, others, dueAt);
    for (const userId of planned)
      await deps.queue.send(
        digestJob,
        { threadId: thread.id, userId },
        { startAfterSeconds: deps.config.MESSAGE_DIGEST_SECONDS },
      );
  }

  return {
    /**
     * The newest page of the thread (or the one older than `before`), oldest first. Reading the
     * newest page marks the thread read for the caller.
     */
    async page(caller: Caller, at: ThreadAt, before: number | undefined): Promise<MessagePage> {
      const can_post = canPostInThread(caller, at.subject);
      if (!at.thread) return { messages: [], next_before: null, can_post };
      const size = CONVERSATION_LIMITS.pageSize;
      const rows = await repo.pageOfMessages(db, at.thread.id, before ?? null, size + 1);
      const page = rows.slice(0, size).reverse();
      if (before === undefined && page.length)
        await repo.markRead(db, at.thread.id, caller.id, page[page.length - 1]!.id);
      return {
        messages: await presentMessages(db, page, at.subject.brandId, caller),
        next_before: rows.length > size ? page[0]!.id : null,
        can_post,
      };
    },

    /**
     * A new message in the thread (made with its first message), read by its author; a brand's
     * and staff's are audited. The others hear of it live and by a digest. 429 past 60 messages
     * of one person in 10 minutes.
     */
    async post(caller: Caller, at: ThreadAt, body: string): Promise<ConversationMessage> {
      const side = sideOf(caller);
      // Each message wakes the others (live, and a digest): one person's messages are rate-limited.
      await throttle(deps.database, {
        key: `conversation-message:user:${caller.id}`,
        limit: CONVERSATION_LIMITS.postsPerWindow,
        windowSeconds: CONVERSATION_LIMITS.postWindowSeconds,
      });
      const { thread, message } = await db.transaction(async (tx) => {
        const thread = await repo.ensureThread(tx, at.subject);
        const message = await repo.insertMessage(tx, {
          threadId: thread.id,
          authorId: caller.id,
          authorSide: side,
          body,
        });
        await repo.markRead(tx, thread.id, caller.id, message.id);
        if (side !== 'creator')
          await recordAudit(tx, {
            actor: { userId: caller.id },
            action: 'message.post',
            targetType: at.subject.kind,
            targetId: at.subject.id,
            before: null,
            after: { message_id: message.id, thread_id: thread.id, length: body.length },
          });
        return { thread, message };
      });
      try {
        await announce(thread, message, caller);
      } catch (error) {
        // The message is stored: a live event or a digest that could not be planned never undoes it.
        deps.log.warn({ err: error, messageId: message.id }, 'a new message could not be announced');
      }
      const [presented] = await presentMessages(db, [message], at.subject.brandId, caller);
      return presented!;
    },

    /**
     * Staff hide a message with a reason (audited); 404 no such message, 409 already hidden. The
     * thread's participants hear of it live (`message_hidden`).
     */
    async hide(caller: Caller, messageId: number, reason: string): Promise<ConversationMessage> {
      const hidden = await db.transaction(async (tx) => {
        const message = await repo.findMessage(tx, messageId);
        if (!message) throw new AppError('not_found', CONVERSATION_MESSAGES.messageNotFound);
        const row = await repo.hideMessage(tx, messageId, caller.id, reason);
        if (!row) throw new AppError('conflict', CONVERSATION_MESSAGES.alreadyHidden);
        await recordAudit(tx, {
          actor: { userId: caller.id },
          action: 'message.hide',
          targetType: 'message',
          targetId: messageId,
          before: { hidden: false },
          after: { hidden: true, reason, thread_id: row.threadId },
        });
        return row;
      });
      const thread = (await repo.findThreadById(db, hidden.threadId))!;
      try {
        // Open threads read it again: the others see "hidden by the platform team" in its place.
        const event: MessageHiddenLiveEvent = {
          kind: thread.kind,
          id: (thread.applicationId ?? thread.entryId)!,
          message_id: hidden.id,
        };
        for (const userId of await participants(thread))
          if (userId !== caller.id) await raiseLiveEvent(deps, userId, 'message_hidden', event);
      } catch (error) {
        deps.log.warn({ err: error, messageId }, 'a hidden message could not be announced');
      }
      const [presented] = await presentMessages(db, [hidden], thread.brandId, caller);
      return presented!;
    },

    /** The caller's threads with messages, the most recently active first, and their unread total. */
    threads: (caller: Caller, page: number): Promise<ThreadList> => inbox(db, caller, page),
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
