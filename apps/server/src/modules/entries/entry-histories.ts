import type { Entry, EntryVersion } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import type { createVideosService } from '../videos';
import { notFound } from './entry-errors';
import {
  toEntry,
  toEntryEvent,
  toEntryNote,
  toEntryVersion,
  type EntryRow,
  type EntryStanding,
  type NoteRow,
} from './entries.presenter';
import * as repo from './entries.repository';

/** What other modules tell of each entry (its releases, its place), read for a list of ids at once. */
export type StandingReader = (ids: number[]) => Promise<(id: number) => EntryStanding | undefined>;

/**
 * An entry as the API shows it: its versions with their videos, its notes with their authors, its
 * timeline and standing, read for any number of entries in a fixed number of queries.
 */
export function entryHistories(
  db: DbOrTx,
  videos: Pick<ReturnType<typeof createVideosService>, 'entryVideos'>,
  withAuthors: (records: repo.NoteRecord[]) => Promise<NoteRow[]>,
) {
  /** The versions of entries with their videos, by entry id, oldest first. */
  async function versionsOf(entryIds: number[], viewer?: Caller): Promise<Map<number, EntryVersion[]>> {
    const rows = await repo.listVersions(db, entryIds);
    const videoById = await videos.entryVideos(
      rows.flatMap((r) => (r.videoId === null ? [] : [r.videoId])),
      viewer,
    );
    const byEntry = new Map<number, EntryVersion[]>();
    for (const row of rows) {
      // An idea's version has no video (its title and text); a version's video that is gone is left out.
      const video = row.videoId === null ? null : videoById.get(row.videoId);
      if (video === undefined) continue;
      const list = byEntry.get(row.entryId) ?? [];
      list.push(toEntryVersion(row, video));
      byEntry.set(row.entryId, list);
    }
    return byEntry;
  }

  /**
   * Reads the histories of these entries (versions with their videos, notes with their authors,
   * timelines, standing) and returns what presents rows of them: the reads need only the ids, so a
   * list runs them alongside its owners' reads (`withOwners`) instead of after them.
   */
  async function historiesOf(
    ids: number[],
    viewer?: Caller,
    standing?: StandingReader,
  ): Promise<(rows: EntryRow[]) => Entry[]> {
    const [versions, notes, events, standingOf] = await Promise.all([
      versionsOf(ids, viewer),
      repo.listNotes(db, ids).then(withAuthors),
      repo.listEvents(db, ids),
      standing?.(ids),
    ]);
    const notesOf = byEntry(notes);
    const eventsOf = byEntry(events);
    return (rows) =>
      rows.flatMap((row) => {
        const entryVersions = versions.get(row.id) ?? [];
        if (!entryVersions.length) return [];
        return [
          toEntry(
            row,
            entryVersions,
            (notesOf.get(row.id) ?? []).map(toEntryNote),
            (eventsOf.get(row.id) ?? []).map(toEntryEvent),
            standingOf?.(row.id),
          ),
        ];
      });
  }

  /**
   * Entries with their histories, in the order given; `viewer` gets download links of the
   * originals they may download; `standing` adds what other modules tell of each (its releases,
   * its place). A fixed number of queries however many entries.
   */
  async function presentMany(rows: EntryRow[], viewer?: Caller, standing?: StandingReader): Promise<Entry[]> {
    const present = await historiesOf(
      rows.map((row) => row.id),
      viewer,
      standing,
    );
    return present(rows);
  }

  /** The entry with its history; `viewer` gets download links of the originals they may download. */
  async function present(row: EntryRow, viewer?: Caller): Promise<Entry> {
    const [entry] = await presentMany([row], viewer);
    if (!entry) throw notFound();
    return entry;
  }

  return { versionsOf, historiesOf, presentMany, present };
}

/** Items grouped by their entry, in the order given. */
function byEntry<T extends { entryId: number }>(items: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.entryId) ?? [];
    list.push(item);
    map.set(item.entryId, list);
  }
  return map;
}
