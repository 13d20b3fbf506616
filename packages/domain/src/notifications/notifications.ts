import { z } from 'zod';

/**
 * What a notification is about (issue 32). Every e-mail that reports a product event carries one;
 * the same kind names the in-app notification and decides the e-mail's category.
 */
export const NOTIFICATION_KINDS = [
  'video_approved',
  'video_rejected',
  'application_received',
  'application_selected',
  'application_declined',
  'application_shipped',
  'entry_status',
  'entry_revision_requested',
  'entry_result',
  'entry_note',
  'entry_reply',
  'entry_approval',
  'results_published',
  'release_decided',
  'invitation_accepted',
  'message_digest',
  'licence_extension_proposed',
  'licence_extension_decided',
  'audience_award',
  'round_advanced',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * E-mail categories a person can turn off. Account and security mails (verification, password
 * reset, e-mail change, invitations, welcome) are not in this list: they always go out and never
 * become notifications (their links carry secrets).
 */
export const EMAIL_CATEGORIES = ['contest_updates', 'review_notes', 'results', 'announcements'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; help: string }> = {
  contest_updates: {
    label: 'Contest updates',
    help: 'Applications, shipments, entry progress, video reviews, release forms and accepted invitations.',
  },
  review_notes: {
    label: 'Review notes',
    help: 'Notes and replies on your entries, revision requests, new messages in your conversations.',
  },
  results: { label: 'Results', help: 'Scores, published results, prize payments and licence extensions.' },
  announcements: { label: 'Announcements', help: 'News about the platform and new contests.' },
};

/** The category of each kind's e-mail. */
export const NOTIFICATION_CATEGORY: Record<NotificationKind, EmailCategory> = {
  video_approved: 'contest_updates',
  video_rejected: 'contest_updates',
  application_received: 'contest_updates',
  application_selected: 'contest_updates',
  application_declined: 'contest_updates',
  application_shipped: 'contest_updates',
  entry_status: 'contest_updates',
  entry_revision_requested: 'review_notes',
  entry_result: 'results',
  entry_note: 'review_notes',
  entry_reply: 'review_notes',
  entry_approval: 'review_notes',
  results_published: 'results',
  release_decided: 'contest_updates',
  invitation_accepted: 'contest_updates',
  message_digest: 'review_notes',
  licence_extension_proposed: 'results',
  licence_extension_decided: 'results',
  audience_award: 'results',
  round_advanced: 'results',
};

export const NOTIFICATION_LIMITS = {
  pageSize: 20,
  titleMax: 300,
  urlMax: 500,
  /** Ids in one `POST /api/notifications/read/`. */
  readIdsMax: 100,
  /** Notifications older than this are pruned. */
  keepDays: 180,
  /** Live-update streams one user may hold open; a new one closes the oldest. */
  streamsPerUser: 5,
  ticketSeconds: 60,
  heartbeatSeconds: 15,
} as const;

export const NOTIFICATION_MESSAGES = {
  readWhat: 'Send the ids of the notifications to mark read, or "all": true.',
  ticketInvalid: 'This live-update ticket is unknown, used or expired: ask for a new one.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  unsubscribed: 'You will no longer receive these e-mails.',
} as const;

/** One notification as the API answers it. `url` is a path of the web app. */
export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  url: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications/?unread=&page=` */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** `true`/`1`: unread only. */
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** The page of notifications, with the user's unread count beside the usual paging fields. */
export const notificationPageSchema = z.object({
  count: z.number().int(),
  unread: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(notificationSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /api/notifications/read/`: some ids, or all. Ids of other users' notifications are ignored. */
export const markReadBodySchema = z.union(
  [
    z.object({
      ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(NOTIFICATION_LIMITS.readIdsMax),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { error: NOTIFICATION_MESSAGES.readWhat },
);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const markReadResponseSchema = z.object({ marked: z.number().int(), unread: z.number().int() });
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

/** `GET/PUT /api/accounts/notification-preferences/`: `{category: boolean}`, every category. */
export const notificationPreferencesSchema = z.object({
  contest_updates: z.boolean(),
  review_notes: z.boolean(),
  results: z.boolean(),
  announcements: z.boolean(),
}) satisfies z.ZodType<Record<EmailCategory, boolean>>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A PUT may name only the categories it changes. */
export const notificationPreferencesBodySchema = notificationPreferencesSchema.partial().strict();
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

/** `POST /api/unsubscribe/{token}/` */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const unsubscribeResponseSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  detail: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** `POST /api/events/ticket/` */
export const eventTicketSchema = z.object({ ticket: z.string() });
export type EventTicket = z.infer<typeof eventTicketSchema>;

/** `GET /api/events/?ticket=` */
export const eventStreamQuerySchema = z.object({
  ticket: z.string().min(1).max(100),
  /** As the `Last-Event-ID` header: a page that reconnects with a new ticket replays from here. */
  last_event_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/**
 * Live events (the `event:` field of the stream; `data:` is the JSON payload).
 * - `notification`: a new notification (`{unread}`: the user's unread count).
 * - `video`: a video's processing moved (`{video_id, status, stage, percent}`).
 * - `entry_note`: a note on an entry (`{entry_id}`).
 * - `entry`: an entry was submitted or changed (`{entry_id, contest_id}`).
 * - `message`: a new message in one of the user's threads (conversations' `MessageLiveEvent`).
 */
export const LIVE_EVENT_TYPES = ['notification', 'video', 'entry_note', 'entry', 'message'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
