import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, maxChars, timestampTz, updatedAt } from './columns';
import { users } from './accounts';
import { contestRounds, contests } from './contests';
import { videos } from './videos';
import type { EntryCheck } from '@app/domain';

/** A result of checking a video against a contest's brief (`entryCheckSchema` in the domain). */
export type { EntryCheck };

/**
 * A creator's entry in a round of a contest (issue 47): one per creator per round. Its versions are
 * what they submitted (a video; an idea round's title and text); the newest is the one judged.
 */
export const contestEntries = pgTable(
  'contest_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The round entered (migration entry_rounds gave every earlier entry its contest's last round).
     * No action on delete: a round with entries is not dropped (409 `round_has_entries`).
     */
    roundId: integer('round_id')
      .notNull()
      .references(() => contestRounds.id),
    /** Entered by a creator not advanced from the round before, where the round allows it. */
    wildcard: boolean('wildcard').notNull().default(false),
    /** Where the entry is on its timeline (`ENTRY_STATUSES` in the domain). */
    status: text('status').notNull().default('uploaded'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contest_entries_round_user_key').on(t.roundId, t.userId),
    index('contest_entries_contest_user_idx').on(t.contestId, t.userId),
    index('contest_entries_contest_status_idx').on(t.contestId, t.status),
    // The reviewers' list: a contest's entries, most recently changed first.
    index('contest_entries_contest_updated_idx').on(
      t.contestId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('contest_entries_user_idx').on(t.userId),
  ],
);

/**
 * One submission of an entry; version 1, 2, … in order: a video (film and pitch rounds; a pitch's
 * with its title), or an idea round's title and text without a video.
 */
export const entryVersions = pgTable(
  'entry_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'restrict' }),
    /** An idea's or a pitch's title (null for a film, shown by its video's title). */
    title: text('title'),
    /** An idea's text (null otherwise). */
    text: text('text'),
    /** The checks against the brief, as they were when this version was submitted. */
    checks: jsonb('checks').$type<EntryCheck[]>().notNull().default([]),
    /** The creator confirmed the warnings among the checks. */
    warningsConfirmedAt: timestampTz('warnings_confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entry_versions_entry_version_key').on(t.entryId, t.version),
    uniqueIndex('entry_versions_video_key').on(t.videoId),
    check('entry_versions_video_or_text', sql`${t.videoId} is not null or ${t.text} is not null`),
    maxChars('entry_versions_title_len', t.title, 120),
    maxChars('entry_versions_text_len', t.text, 2000),
  ],
);

/**
 * A review note pinned to a moment of a version, left by staff or the contest's brand; the entrant
 * (and reviewers) reply with `parentId` set. Nobody else sees notes.
 */
export const entryNotes = pgTable(
  'entry_notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    atSeconds: doublePrecision('at_seconds').notNull(),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: integer('parent_id'),
    resolvedAt: timestampTz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [index('entry_notes_entry_idx').on(t.entryId, t.createdAt)],
);

/** The entry's status timeline: one row per step, with its date; never changed. */
export const entryEvents = pgTable(
  'entry_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    /** The status the entry reached (`ENTRY_STATUSES`). */
    step: text('step').notNull(),
    version: integer('version'),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('entry_events_entry_idx').on(t.entryId, t.createdAt)],
);

/**
 * Staff's exception to a contest's blocking technical checks (issue 51): the video may be entered
 * in the contest whatever its check says. One per contest and video, so it holds for the entry's
 * current version and for a refused video the creator submits next; recorded (and audited) with
 * staff's reason through the entry it was asked on.
 */
export const entryQcOverrides = pgTable(
  'entry_qc_overrides',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entry_qc_overrides_contest_video_key').on(t.contestId, t.videoId),
    maxChars('entry_qc_overrides_reason_len', t.reason, 500),
  ],
);

/**
 * A brand member's sign-off on one version of an entry (issue 49): `approve` or `changes` (with a
 * comment). One decision per member per version: a second one replaces the first. A new version
 * starts with none; older versions' decisions stay, listed with their version.
 */
export const entryApprovals = pgTable(
  'entry_approvals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['approve', 'changes'] }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entry_approvals_entry_version_user_key').on(t.entryId, t.version, t.userId),
    check('entry_approvals_decision_known', sql`${t.decision} in ('approve', 'changes')`),
    maxChars('entry_approvals_comment_len', t.comment, 2000),
  ],
);
