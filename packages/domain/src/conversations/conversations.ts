import { z } from 'zod';
import { NOTIFICATION_CATEGORY, type EmailCategory } from '../notifications/notifications';
import { tooLongMessage } from '../common/text';

/**
 * Conversations (issue 49): every application and every entry has a thread between its creator and
 * the brand team of its contest; staff read and join any thread. Plain text (the web side shows
 * links as links), no attachments.
 */
export const CONVERSATION_LIMITS = {
  bodyMax: 4_000,
  hideReasonMax: 500,
  /** Messages in one `GET …/messages/` page (the newest first, then older with `?before=`). */
  pageSize: 50,
  /** Threads in one `GET /api/threads/` page (the most recently active first). */
  threadsPageSize: 50,
  /** Characters of the last message that `GET /api/threads/` shows. */
  previewMax: 140,
  /** Messages one person may post per window, across threads (then 429 with Retry-After). */
  postsPerWindow: 60,
  postWindowSeconds: 600,
  /** One e-mail digest per thread per recipient per this many minutes. */
  digestMinutes: 10,
} as const;

/** The kinds of record a thread belongs to: `/api/{applications|entries}/{id}/messages/`. */
export const THREAD_KINDS = ['application', 'entry'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** Who wrote a message: the record's creator, a member of the contest's brand, or the platform team. */
export const MESSAGE_SIDES = ['creator', 'brand', 'staff'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** The e-mail category (notification preferences) of the message digests (kind `message_digest`). */
export const MESSAGE_DIGEST_CATEGORY: EmailCategory = NOTIFICATION_CATEGORY.message_digest;

export const CONVERSATION_MESSAGES = {
  /** What everyone but staff reads in place of a hidden message (spec words). */
  hiddenBody: 'hidden by the platform team',
  bodyRequired: 'Message is required',
  bodyTooLong: tooLongMessage('Message', CONVERSATION_LIMITS.bodyMax),
  reasonRequired: 'Reason is required',
  reasonTooLong: tooLongMessage('Reason', CONVERSATION_LIMITS.hideReasonMax),
  alreadyHidden: 'This message is already hidden.',
  /** What a brand viewer's thread shows instead of the box (`can_post` false; a POST is 403). */
  roleForbids: 'Your role in this brand’s team lets you read this conversation but not write in it.',
  messageNotFound: 'Message not found.',
  /** The inbox when the caller has no conversation yet. */
  noThreads: 'No conversations yet.',
} as const;

const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** `{id}` of /api/applications/{id}/messages/, /api/entries/{id}/messages/, /api/messages/{id}/hide/. */
export const conversationParamsSchema = z.object({ id: idSchema });
export type ConversationParams = z.infer<typeof conversationParamsSchema>;

/** `GET …/messages/?before=<message id>`: the page of messages older than that one. */
export const messageListQuerySchema = z.object({ before: idSchema.optional() });
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** `POST …/messages/`: 1 to 4,000 characters after trimming. */
export const messageBodySchema = z.object({
  body: z
    .string({ error: CONVERSATION_MESSAGES.bodyRequired })
    .trim()
    .min(1, { error: CONVERSATION_MESSAGES.bodyRequired })
    .max(CONVERSATION_LIMITS.bodyMax, { error: CONVERSATION_MESSAGES.bodyTooLong }),
});
export type MessageBody = z.infer<typeof messageBodySchema>;

/** `POST /api/messages/{id}/hide/` (staff): why, 1 to 500 characters. */
export const hideMessageBodySchema = z.object({
  reason: z
    .string({ error: CONVERSATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: CONVERSATION_MESSAGES.reasonRequired })
    .max(CONVERSATION_LIMITS.hideReasonMax, { error: CONVERSATION_MESSAGES.reasonTooLong }),
});
export type HideMessageBody = z.infer<typeof hideMessageBodySchema>;

export const messageAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  side: z.enum(MESSAGE_SIDES),
});
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

/**
 * One message. A hidden one reads `CONVERSATION_MESSAGES.hiddenBody` for everyone but staff, who
 * read its body and `hidden_reason` (null for everyone else, and when not hidden).
 */
export const conversationMessageSchema = z.object({
  id: z.number().int(),
  author: messageAuthorSchema,
  body: z.string(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/**
 * `GET …/messages/`: a page of at most 50 messages, oldest first (as a thread shows them), the
 * newest page without `?before=`. `next_before`: the `before` of the next older page, null when
 * there is none. `can_post`: whether the caller may write here (a brand viewer reads only).
 * Reading the newest page (no `before`) marks the thread read for the caller.
 */
export const messagePageSchema = z.object({
  messages: z.array(conversationMessageSchema),
  next_before: z.number().int().nullable(),
  can_post: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `GET /api/threads/?page=`: 1-based. */
export const threadListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;

/**
 * One of the caller's threads. `id` is the application's or entry's id (the thread's URL is
 * `/api/{kind}s/{id}/messages/`); `title` names the record ("Application to …", "Entry to …");
 * `counterpart` is the other side (the creator for the brand and staff, the brand for the creator).
 */
export const threadSummarySchema = z.object({
  kind: z.enum(THREAD_KINDS),
  id: z.number().int(),
  contest: z.object({ id: z.number().int(), name: z.string() }),
  title: z.string(),
  counterpart: z.string(),
  last_message: z
    .object({
      preview: z.string(),
      author_side: z.enum(MESSAGE_SIDES),
      created_at: z.string(),
    })
    .nullable(),
  unread: z.number().int(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/**
 * `GET /api/threads/`: the caller's threads that have messages, the most recently active first,
 * 50 a page; `unread_total` counts the unread messages of all the caller's threads (the navbar's
 * badge); `next_page` is null on the last page.
 */
export const threadListSchema = z.object({
  threads: z.array(threadSummarySchema),
  unread_total: z.number().int(),
  next_page: z.number().int().nullable(),
});
export type ThreadList = z.infer<typeof threadListSchema>;

/**
 * The live event `message` (the notifications stream) that the other participants receive when a
 * message is posted: which thread, the new message's id, the receiver's `unread_total`.
 */
export const messageLiveEventSchema = z.object({
  kind: z.enum(THREAD_KINDS),
  id: z.number().int(),
  message_id: z.number().int(),
  unread_total: z.number().int(),
});
export type MessageLiveEvent = z.infer<typeof messageLiveEventSchema>;

/**
 * The live event `message_hidden` that the thread's participants (but the staff member who hid it)
 * receive when staff hide a message: which thread and message. An open thread reads it again.
 */
export type MessageHiddenLiveEvent = Omit<MessageLiveEvent, 'unread_total'>;
