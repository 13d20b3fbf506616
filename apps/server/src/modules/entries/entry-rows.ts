import type { Role } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { namesOf } from '../accounts';
import { contestFactsOf } from '../contests';
import type { EntryRow, NoteRow } from './entries.presenter';
import * as repo from './entries.repository';

/**
 * Stored entries and notes completed with what other modules own of them (the contest, the
 * people): one query per owner however many rows.
 */
export function entryRows(db: DbOrTx) {
  /**
   * Stored entries with their contest's title, brand, deadline and time zone and their entrant's
   * name and e-mail, asked of contests and accounts: two queries however many entries.
   */
  async function withOwners(records: repo.EntryRecord[]): Promise<EntryRow[]> {
    const [contests, people] = await Promise.all([
      contestFactsOf(
        db,
        records.map((r) => r.contestId),
      ),
      namesOf(
        db,
        records.map((r) => r.userId),
      ),
    ]);
    return records.flatMap((record) => {
      const contest = contests.get(record.contestId);
      if (!contest) return [];
      const creator = people.get(record.userId);
      // Set on the record just read rather than copied with it (as videos' `withNames`).
      return [
        Object.assign(record, {
          contestTitle: contest.title,
          contestBrandId: contest.brandId,
          submissionDeadline: contest.submissionDeadline,
          timezone: contest.timezone,
          creatorFirstName: creator?.firstName ?? null,
          creatorLastName: creator?.lastName ?? null,
          creatorEmail: creator?.email ?? '',
        }),
      ];
    });
  }

  /** One entry as `withOwners` completes it, or undefined. */
  async function loadEntry(id: number): Promise<EntryRow | undefined> {
    const record = await repo.findEntry(db, id);
    return record ? (await withOwners([record]))[0] : undefined;
  }

  /** Notes with their authors' names and roles (one query for all the authors). */
  async function withAuthors(records: repo.NoteRecord[]): Promise<NoteRow[]> {
    const authors = await namesOf(
      db,
      records.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
    );
    return records.map((record) => {
      const author = record.authorId === null ? undefined : authors.get(record.authorId);
      return Object.assign(record, {
        authorFirstName: author?.firstName ?? null,
        authorLastName: author?.lastName ?? null,
        // Accounts' role column holds one of the roles (its names read give it as text).
        authorRole: (author?.role as Role | undefined) ?? null,
      });
    });
  }

  /** One note of an entry with its author, or undefined. */
  async function loadNote(entryId: number, noteId: number): Promise<NoteRow | undefined> {
    const record = await repo.findNote(db, entryId, noteId);
    return record ? (await withAuthors([record]))[0] : undefined;
  }

  return { withOwners, loadEntry, withAuthors, loadNote };
}
