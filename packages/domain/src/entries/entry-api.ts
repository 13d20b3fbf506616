import { z } from 'zod';
import { videoSchema } from '../videos/video-api';
import { entryCheckSchema } from './entry-checks';
import { ENTRY_STATUSES } from './entry-status';
import { APPLICATION_STATUSES } from '../contests/application';
import { agreementShaField } from '../contests/agreement';
import { pageQuerySchema } from '../common/paging';
import { releaseCountsSchema } from '../paperwork/delivery';

/** Bounds of what entry requests carry. */
export const ENTRY_LIMITS = {
  noteMax: 2000,
  /** A note's moment: up to 10 hours into a video. */
  atSecondsMax: 36_000,
  detailMax: 1000,
  /**
   * Entries per page of a contest's entries (the reviewers' list): default and most. The default
   * is the most, so a client that does not page (the list was one array before paging) gets 100.
   */
  listPageSizeDefault: 100,
  listPageSizeMax: 100,
} as const;

/**
 * Notes and replies one user may write per window (each e-mails the entrant or the thread's
 * author): far above a review session's pace, far below a mail flood (issue 30).
 */
export const ENTRY_NOTE_RATE = { limit: 30, windowSeconds: 10 * 60 } as const;

/** What the entries API and screens say; the server and the web read these. */
export const ENTRY_MESSAGES = {
  notSelected: 'Only creators selected for this contest can submit a video to it.',
  deadlinePassed: 'The submission deadline for this contest has passed; no more videos can be submitted.',
  briefNotMet: 'This video does not meet the contest brief.',
  confirmWarnings: 'This video is outside part of the brief. Confirm the warnings to submit it anyway.',
  videoFailed: 'This video could not be processed. Upload it again or choose another one.',
  videoNotProbed: 'This video has not been read yet. Wait until it has been uploaded completely.',
  videoAlreadyEntered: 'This video is already part of a contest entry. Choose another video.',
  noteVersion: 'This entry has no such version.',
  noteEmpty: 'Write a note.',
  replyOnly: 'You can reply to a note, not add new ones.',
  parentNote: 'Reply to a note of this entry.',
  revisionState: 'A revision can be requested for an entry in review.',
  statusOrder: 'An entry cannot move back to an earlier status this way.',
  qcFailed:
    "This video does not meet the contest's delivery spec. Fix it and upload it again, or ask the contest team for an exception:",
  qcPending: "This video's technical check is still running. Wait a moment and submit it again.",
  qcOverrideVideo: "Name a video of this entry's creator.",
} as const;

/** "This video does not meet … exception: Loudness, Black frames." (422 `qc_failed`). */
export function qcFailedMessage(labels: string[]): string {
  return `${ENTRY_MESSAGES.qcFailed} ${labels.join(', ')}.`;
}

/** Error codes of the entries API (`ERROR_CODES`): the web branches on these, never on text. */
export const ENTRY_ERROR_CODES = {
  briefNotMet: 'brief_not_met',
  confirmWarnings: 'warnings_not_confirmed',
  deadlinePassed: 'submissions_closed',
  notSelected: 'not_selected',
  qcFailed: 'qc_failed',
  qcPending: 'qc_pending',
} as const;

/** Words of each status on timelines and chips. */
export const ENTRY_STATUS_LABELS: Record<(typeof ENTRY_STATUSES)[number], string> = {
  uploaded: 'Uploaded',
  processing: 'Processing',
  checked: 'Checked against the brief',
  in_review: 'In review',
  revision_requested: 'Revision requested',
  scored: 'Scored',
  result: 'Result',
  paid: 'Paid',
};

/** A note's moment in the video as people read it: 75.4 → '1:15' (the entry page and the e-mails). */
export function formatMoment(seconds: number): string {
  const total = Math.floor(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export const entryStatusSchema = z.enum(ENTRY_STATUSES);

/** `POST /api/contests/{id}/entries/` */
export const submitEntryBodySchema = z.object({
  video_id: z.number().int().positive().max(2_147_483_647),
  confirm_warnings: z.boolean().optional(),
  ...agreementShaField,
});
export type SubmitEntryBody = z.infer<typeof submitEntryBodySchema>;

/** The filters of the Contest Submissions list. */
export const ENTRY_FILTERS = ['needs_review', 'revision_requested', 'ready_for_judging'] as const;
export type EntryFilter = (typeof ENTRY_FILTERS)[number];
/** `GET /api/contests/{id}/entries/?filter=&page=&page_size=` (the reviewers' list). */
export const entryListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(ENTRY_FILTERS).optional(),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(ENTRY_LIMITS.listPageSizeMax)
    .default(ENTRY_LIMITS.listPageSizeDefault),
});
export type EntryListQuery = z.infer<typeof entryListQuerySchema>;

export const entryIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const entryNoteParamsSchema = entryIdParamsSchema.extend({
  noteId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `POST /api/entries/{id}/notes/`: a note pinned to a moment of a version, or a reply (`parent_id`). */
export const createNoteBodySchema = z.object({
  version: z.number().int().positive().max(10_000),
  at_seconds: z.number().min(0).max(ENTRY_LIMITS.atSecondsMax),
  text: z.string().trim().min(1, ENTRY_MESSAGES.noteEmpty).max(ENTRY_LIMITS.noteMax),
  parent_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

/** `POST /api/entries/{id}/request-revision/` (staff, the contest's brand). */
export const requestRevisionBodySchema = z.object({
  message: z.string().trim().max(ENTRY_LIMITS.detailMax).default(''),
});
export type RequestRevisionBody = z.infer<typeof requestRevisionBodySchema>;

/** The video of a version, as the entry pages play and describe it. */
export const entryVideoSchema = videoSchema.pick({
  id: true,
  title: true,
  status: true,
  failure_reason: true,
  duration: true,
  width: true,
  height: true,
  video_codec: true,
  audio_codec: true,
  frame_rate: true,
  size_bytes: true,
  content_type: true,
  thumbnail: true,
  thumbnail_url: true,
  playback: true,
  processing: true,
  created_at: true,
  /** The original's download link for the entrant, staff and the contest's brand (null otherwise). */
  download_url: true,
});
export type EntryVideo = z.infer<typeof entryVideoSchema>;

export const entryVersionSchema = z.object({
  version: z.number(),
  /** Null for an idea round's entry (issue 47): its `title` and `text` instead. */
  video: entryVideoSchema.nullable(),
  /** An idea's or a pitch's title (null for a film: its video's title). */
  title: z.string().nullable().optional(),
  /** An idea's text (null otherwise). */
  text: z.string().nullable().optional(),
  checks: z.array(entryCheckSchema),
  warnings_confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type EntryVersion = z.infer<typeof entryVersionSchema>;

export const entryNoteSchema = z.object({
  id: z.number(),
  version: z.number(),
  at_seconds: z.number(),
  text: z.string(),
  author: z.object({ id: z.number().nullable(), name: z.string(), role: z.string() }),
  parent_id: z.number().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type EntryNote = z.infer<typeof entryNoteSchema>;

export const entryEventSchema = z.object({
  step: entryStatusSchema,
  version: z.number().nullable(),
  detail: z.string(),
  at: z.string(),
});
export type EntryEvent = z.infer<typeof entryEventSchema>;

/** An entry as lists show it: its newest version (the one judged) and its counts. */
export const entrySummarySchema = z.object({
  id: z.number(),
  contest_id: z.number(),
  contest_title: z.string(),
  /** The round entered (issue 47); a one-round contest's entries are in its film round. */
  round_id: z.number().optional(),
  /** Entered by a creator not advanced from the round before (issue 47). */
  wildcard: z.boolean().optional(),
  creator: z.object({ id: z.number(), name: z.string() }),
  status: entryStatusSchema,
  /** The newest version's number. */
  version: z.number(),
  /** The newest version's video; null for an idea round's entry (its `title` and `text` instead). */
  video: entryVideoSchema.nullable(),
  /** The newest version's title (ideas and pitches) and text (ideas); null for a film. */
  title: z.string().nullable().optional(),
  text: z.string().nullable().optional(),
  checks: z.array(entryCheckSchema),
  notes_count: z.number(),
  open_notes_count: z.number(),
  /**
   * How many of its releases are approved, pending and rejected (issue 31): on the entry page and
   * the contest's list of entries.
   */
  releases: releaseCountsSchema.optional(),
  /**
   * The place it won once its contest's results are published (null otherwise): a winning entry's
   * delivery is open to staff and the contest's brand.
   */
  place: z.number().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EntrySummary = z.infer<typeof entrySummarySchema>;

/** `GET /api/entries/{id}/` and the answer of a submission: the entry with its whole history. */
export const entrySchema = entrySummarySchema.extend({
  submission_deadline: z.string(),
  timezone: z.string(),
  versions: z.array(entryVersionSchema),
  notes: z.array(entryNoteSchema),
  timeline: z.array(entryEventSchema),
});
export type Entry = z.infer<typeof entrySchema>;

/**
 * `GET /api/contests/{id}/entries/`: the contest's entries (most recently changed first), each with
 * its whole history, an array as issue 15 defined it. Paging travels in headers so the body keeps
 * that shape: `X-Total-Count` (how many match the filter) and `Link` (rel="next" / rel="prev").
 */
export const entryListResponseSchema = z.array(entrySchema);
export type EntryList = z.infer<typeof entryListResponseSchema>;
/** The total of a paged array answer (`GET /api/contests/{id}/entries/`). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * Why the caller may not submit a video to a contest now, in the order the rule asks: not a
 * creator; the submission deadline passed; no application; an application not (or no longer)
 * selected.
 */
export const SUBMIT_REFUSALS = [
  'not_creator',
  'submissions_closed',
  'not_applied',
  'application_pending',
  'application_declined',
  'application_withdrawn',
] as const;
export type SubmitRefusal = (typeof SUBMIT_REFUSALS)[number];

/** `GET /api/contests/{id}/entries/eligibility/`: may the caller submit, and if not, why. */
export const entryEligibilitySchema = z.object({
  can_submit: z.boolean(),
  /** Null when the caller may submit. */
  reason: z.enum(SUBMIT_REFUSALS).nullable(),
  /** The caller's application to the contest, if any. */
  application_status: z.enum(APPLICATION_STATUSES).nullable(),
});
export type EntryEligibility = z.infer<typeof entryEligibilitySchema>;

/** What Submit Video says to a caller who may not submit (a title, then the next step). */
export const SUBMIT_REFUSAL_TEXTS: Record<SubmitRefusal, { title: string; next: string }> = {
  not_creator: {
    title: 'Only creators submit videos.',
    next: 'Videos are submitted by the creators selected for this contest.',
  },
  submissions_closed: {
    title: 'The submission deadline has passed; no more videos can be submitted.',
    next: 'Entries submitted before the deadline go on to review and judging.',
  },
  not_applied: {
    title: 'You have not applied to this contest.',
    next: 'Apply first. If the brand selects you, you can submit your video here.',
  },
  application_pending: {
    title: 'You are not selected yet.',
    next: "Your application is waiting for the brand's decision. We will e-mail you when you are selected; you can submit your video here then.",
  },
  application_declined: {
    title: 'Your application was not selected.',
    next: 'Only the creators selected for this contest can submit a video to it. Look for other open contests.',
  },
  application_withdrawn: {
    title: 'Your place in this contest was withdrawn.',
    next: 'Only the creators selected for this contest can submit a video to it. Contact us if you think this is a mistake.',
  },
};

/** `GET /api/contests/{id}/entries/mine/`: the caller's entry in the contest, or null. */
export const myEntryResponseSchema = entrySchema.nullable();
