import type { AppDeps } from '../../app-deps';
import type { Caller } from '../../plugins/auth';
import type { EntryContextPorts } from './entries.ports';
import { createEntryEmails } from './entries.emails';
import { canSeeEntry } from './entries.policy';
import { entryChanges } from './entry-changes';
import { notFound } from './entry-errors';
import { entryHistories } from './entry-histories';
import { entryRows } from './entry-rows';

/**
 * What the entry use cases share (and paperwork and delivery, which work on entries): who is
 * looking, an entry as the API shows it, and a status change (timeline rows in a transaction, then
 * its one e-mail).
 */
export function entryContext(
  deps: Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>,
  { videos }: EntryContextPorts,
) {
  const db = deps.database.db;
  const emails = createEntryEmails(deps);
  const rows = entryRows(db);
  const histories = entryHistories(db, videos, rows.withAuthors);
  const changes = entryChanges(deps, videos, emails, rows.loadEntry);

  /** The entry if the caller may see it (404 otherwise: others learn nothing of it). */
  async function loadVisible(id: number, user: Caller) {
    const row = await rows.loadEntry(id);
    const viewer = user;
    if (!row || !canSeeEntry(viewer, row)) throw notFound();
    return { row, viewer };
  }

  return {
    db,
    videos,
    emails,
    /** Stored entries and notes completed with their contest and people (entry-rows.ts). */
    withOwners: rows.withOwners,
    loadEntry: rows.loadEntry,
    loadNote: rows.loadNote,
    /** Entries as the API shows them, with their histories (entry-histories.ts). */
    versionsOf: histories.versionsOf,
    present: histories.present,
    presentMany: histories.presentMany,
    historiesOf: histories.historiesOf,
    /** Status changes: timeline rows, live updates, the entrant's e-mail (entry-changes.ts). */
    advance: changes.advance,
    announce: changes.announce,
    tellViewers: changes.tellViewers,
    loadVisible,
  };
}

export type EntryContext = ReturnType<typeof entryContext>;
