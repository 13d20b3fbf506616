import {
  ENTRY_NOTE_RATE,
  ENTRY_MESSAGES,
  type CreateNoteBody,
  type Entry,
  type EntryNote,
  type EntryStatus,
  type RequestRevisionBody,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import type { EntryContext } from './entry-context';
import { forbidden, notFound } from './entry-errors';
import { canReply, canReview, isBrandRole, isContestBrandUser, isReviewerRole } from './entries.policy';
import { fullName, toEntryNote, type EntryRow, type NoteRow } from './entries.presenter';
import * as repo from './entries.repository';
import { contactOf } from '../accounts';

/** Reviewers' notes and replies on an entry's versions, and asking the entrant for a revision. */
export function entryReview(deps: Pick<AppDeps, 'database'>, context: EntryContext, clock: () => Date) {
  const { db, loadVisible, loadEntry, loadNote, announce, tellViewers, present } = context;
  return {
    /**
     * A review note pinned to a moment of a version (staff and the contest's brand), or a reply
     * to a note (`parent_id`; the entrant too, and reviewers). A reply sits at its note's moment.
     * Anyone who cannot see the entry gets 404; the entrant starting a new note gets 403.
     */
    async addNote(entryId: number, user: Caller, body: CreateNoteBody): Promise<EntryNote> {
      const { row, viewer } = await loadVisible(entryId, user);
      const reviewer = canReview(viewer, row);
      let parent: NoteRow | undefined;
      if (body.parent_id !== undefined) {
        if (!canReply(viewer, row)) throw notFound();
        parent = await loadNote(entryId, body.parent_id);
        if (!parent) throw AppError.validation({ parent_id: [ENTRY_MESSAGES.parentNote] });
        // A reply to a reply joins the same thread.
        if (parent.parentId !== null) parent = await loadNote(entryId, parent.parentId);
        if (!parent) throw AppError.validation({ parent_id: [ENTRY_MESSAGES.parentNote] });
      } else if (!reviewer) {
        throw forbidden(ENTRY_MESSAGES.replyOnly);
      }
      // Each note e-mails someone: one user's notes and replies are rate-limited.
      await throttle(deps.database, {
        key: `entry-note:user:${user.id}`,
        limit: ENTRY_NOTE_RATE.limit,
        windowSeconds: ENTRY_NOTE_RATE.windowSeconds,
      });
      const latest = await repo.latestVersionNumber(db, entryId);
      const version = parent?.version ?? body.version;
      if (version > latest) throw AppError.validation({ version: [ENTRY_MESSAGES.noteVersion] });
      const noteId = await db.transaction(async (tx) => {
        const id = await repo.insertNote(tx, {
          entryId,
          version,
          atSeconds: parent?.atSeconds ?? body.at_seconds,
          text: body.text,
          authorId: user.id,
          parentId: parent?.id ?? null,
        });
        if (reviewer)
          await recordAudit(tx, {
            actor: { userId: user.id },
            action: 'entry.note',
            targetType: 'entry',
            targetId: entryId,
            before: null,
            after: {
              note_id: id,
              version,
              at_seconds: parent?.atSeconds ?? body.at_seconds,
              parent_id: parent?.id ?? null,
            },
          });
        return id;
      });
      const note = (await loadNote(entryId, noteId))!;
      await mailAboutNote(context, row, note, parent, reviewer);
      await tellViewers(row, 'entry_note', { note_id: note.id });
      return toEntryNote(note);
    },

    /** Resolves a note (staff and the contest's brand; the entrant gets 403, others 404). */
    async resolveNote(entryId: number, noteId: number, user: Caller): Promise<EntryNote> {
      const { row, viewer } = await loadVisible(entryId, user);
      if (!canReview(viewer, row)) throw forbidden();
      const note = await repo.findNote(db, entryId, noteId);
      if (!note) throw notFound();
      await db.transaction(async (tx) => {
        if (!(await repo.resolveNote(tx, noteId, clock()))) return;
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'entry.note_resolve',
          targetType: 'entry',
          targetId: entryId,
          before: { note_id: noteId, resolved: false },
          after: { note_id: noteId, resolved: true },
        });
      });
      return toEntryNote((await loadNote(entryId, noteId))!);
    },

    /**
     * Staff or the contest's brand ask the entrant for a new version: an entry in review moves to
     * `revision_requested` (audited; one e-mail). The entrant then submits again before the deadline.
     */
    async requestRevision(entryId: number, user: Caller, body: RequestRevisionBody): Promise<Entry> {
      const { row, viewer } = await loadVisible(entryId, user);
      if (!canReview(viewer, row)) throw forbidden();
      const change = await db.transaction(async (tx) => {
        await repo.lockEntry(tx, entryId);
        const made = await askForRevision(context, tx, entryId, user.id, body.message);
        if (!made) throw new AppError('conflict', ENTRY_MESSAGES.revisionState);
        return made;
      });
      await announce(change);
      return present((await loadEntry(entryId))!, user);
    },
  };
}

/** The statuses in which an entry waits for its review, and a revision can be asked. */
const REVIEWABLE: ReadonlySet<string> = new Set<EntryStatus>(['checked', 'in_review']);

/**
 * Moves an entry waiting for review (`checked`, `in_review`) to `revision_requested`, in `tx`
 * with the entry locked: the timeline row carries `message`, the change is audited. The one path
 * of a review asking for a revision and of a brand member's sign-off asking for changes
 * (entry-approvals.ts). Returns the change for `announce` (the entrant's e-mail and inbox, kind
 * `entry_revision_requested`), or null when the entry is not waiting for review.
 */
export async function askForRevision(
  { advance }: Pick<EntryContext, 'advance'>,
  tx: DbOrTx,
  entryId: number,
  actorId: number,
  message: string,
) {
  const current = await repo.findEntry(tx, entryId);
  if (!current || !REVIEWABLE.has(current.status)) return null;
  const version = await repo.latestVersionNumber(tx, entryId);
  const made = await advance(tx, entryId, version, [{ step: 'revision_requested', detail: message }]);
  await recordAudit(tx, {
    actor: { userId: actorId },
    action: 'entry.request_revision',
    targetType: 'entry',
    targetId: entryId,
    before: { status: current.status },
    after: { status: 'revision_requested', message },
  });
  return made;
}

/**
 * The e-mail a new note sends, after its commit (see spec-decisions, "Notes e-mail the
 * entrant"): a reviewer's note or reply goes to the entrant; the entrant's reply goes to the
 * brand user who started the thread, if that account still belongs to the contest's brand;
 * a thread staff started sends nothing (staff work from the submissions list's open notes).
 */
async function mailAboutNote(
  { db, emails }: Pick<EntryContext, 'db' | 'emails'>,
  entry: EntryRow,
  note: NoteRow,
  parent: NoteRow | undefined,
  byReviewer: boolean,
) {
  const about = { entryId: entry.id, contestTitle: entry.contestTitle, version: note.version };
  if (byReviewer) {
    if (!isReviewerRole(note.authorRole)) return;
    await emails.sendNote({
      ...about,
      to: entry.creatorEmail,
      atSeconds: note.atSeconds,
      text: note.text,
      author: note.authorRole,
      isReply: parent !== undefined,
    });
    return;
  }
  if (!parent || !isBrandRole(parent.authorRole) || parent.authorId === null) return;
  const author = await contactOf(db, parent.authorId);
  if (!author?.usable || !isContestBrandUser(author, entry)) return;
  await emails.sendReply({
    ...about,
    to: author.email,
    creatorName: fullName(entry.creatorFirstName, entry.creatorLastName) || 'The creator',
    atSeconds: note.atSeconds,
    text: note.text,
  });
}
