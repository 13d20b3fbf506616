import {
  failedWarnings,
  MESSAGES,
  type Entry,
  type EntryCheck,
  type EntryStatus,
  type EntryVersion,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { createVideosService } from '../videos';
import { videosOwners } from './video-owners';
import { createEntryEmails } from './entries.emails';
import { canSeeEntry } from './entries.policy';
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
import { reviewersOf, namesOf } from '../accounts';
import { raiseLiveEvent } from '../notifications';
import { contestFactsOf } from '../contests';

export const notFound = () => new AppError('not_found', MESSAGES.generic.notFound);
export const forbidden = (detail: string = MESSAGES.generic.forbidden) => new AppError('forbidden', detail);

/** One step of a change: the status reached and what the timeline says of it. */
export interface Step {
  step: EntryStatus;
  detail?: string;
}

/** The timeline's words for the check step. */
export function checkSummary(checks: EntryCheck[], confirmed: boolean): string {
  const warnings = failedWarnings(checks).length;
  if (!checks.length) return 'The brief states no file requirements.';
  if (!warnings) return `All ${checks.length} checks passed.`;
  return `${warnings} warning${warnings === 1 ? '' : 's'}${confirmed ? ', confirmed by the creator' : ''}.`;
}

/**
 * What the entry use cases share: who is looking, an entry as the API shows it, and a status
 * change (timeline rows in a transaction, then its one e-mail).
 */
export function entryContext(deps: Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>) {
  const db = deps.database.db;
  const videos = createVideosService(deps, videosOwners);
  const emails = createEntryEmails(deps);

  /** The versions of entries with their videos, by entry id, oldest first. */
  async function versionsOf(entryIds: number[], viewer?: Caller): Promise<Map<number, EntryVersion[]>> {
    const rows = await repo.listVersions(db, entryIds);
    const videoById = await videos.entryVideos(
      rows.map((r) => r.videoId),
      viewer,
    );
    const byEntry = new Map<number, EntryVersion[]>();
    for (const row of rows) {
      const video = videoById.get(row.videoId);
      if (!video) continue;
      const list = byEntry.get(row.entryId) ?? [];
      list.push(toEntryVersion(row, video));
      byEntry.set(row.entryId, list);
    }
    return byEntry;
  }

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
        authorRole: author?.role ?? null,
      });
    });
  }

  /** One note of an entry with its author, or undefined. */
  async function loadNote(entryId: number, noteId: number): Promise<NoteRow | undefined> {
    const record = await repo.findNote(db, entryId, noteId);
    return record ? (await withAuthors([record]))[0] : undefined;
  }

  /**
   * Entries with their histories, in the order given; `viewer` gets download links of the
   * originals they may download; `standing` adds what other modules tell of each (its releases,
   * its place). A fixed number of queries however many entries.
   */
  async function presentMany(
    rows: EntryRow[],
    viewer?: Caller,
    standing?: (ids: number[]) => Promise<(id: number) => EntryStanding | undefined>,
  ): Promise<Entry[]> {
    const present = await historiesOf(
      rows.map((row) => row.id),
      viewer,
      standing,
    );
    return present(rows);
  }

  /**
   * Reads the histories of these entries (versions with their videos, notes with their authors,
   * timelines, standing) and returns what presents rows of them: the reads need only the ids, so a
   * list runs them alongside its owners' reads (`withOwners`) instead of after them.
   */
  async function historiesOf(
    ids: number[],
    viewer?: Caller,
    standing?: (ids: number[]) => Promise<(id: number) => EntryStanding | undefined>,
  ): Promise<(rows: EntryRow[]) => Entry[]> {
    const [versions, notes, events, standingOf] = await Promise.all([
      versionsOf(ids, viewer),
      repo.listNotes(db, ids).then(withAuthors),
      repo.listEvents(db, ids),
      standing?.(ids),
    ]);
    const byEntry = <T extends { entryId: number }>(items: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of items) {
        const list = map.get(item.entryId) ?? [];
        list.push(item);
        map.set(item.entryId, list);
      }
      return map;
    };
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

  /** The entry with its history; `viewer` gets download links of the originals they may download. */
  async function present(row: EntryRow, viewer?: Caller): Promise<Entry> {
    const [entry] = await presentMany([row], viewer);
    if (!entry) throw notFound();
    return entry;
  }

  /**
   * Writes the steps of one change in `tx` (one timeline row each; the status becomes the last
   * step) and returns what the e-mail needs; the e-mail is sent after the commit by `announce`.
   */
  async function advance(tx: DbOrTx, entryId: number, version: number, steps: Step[]) {
    await repo.insertEvents(
      tx,
      steps.map((s) => ({ entryId, step: s.step, version, detail: s.detail ?? '' })),
    );
    const last = steps[steps.length - 1]!;
    await repo.setStatus(tx, entryId, last.step);
    return { entryId, version, status: last.step, detail: last.detail ?? '' };
  }

  /**
   * Tells the open pages of everyone who sees the entry (its entrant, the contest's brand users,
   * staff) that it changed (issue 32): the entry page and Contest Submissions refresh themselves.
   */
  async function tellViewers(row: EntryRow, type: 'entry' | 'entry_note', data: Record<string, unknown>) {
    const viewers = new Set([row.userId, ...(await reviewersOf(db, row.contestBrandId))]);
    for (const userId of viewers)
      await raiseLiveEvent(deps, userId, type, { entry_id: row.id, contest_id: row.contestId, ...data });
  }

  /** The one e-mail of a change, naming the contest and the version's video. */
  async function announce(change: { entryId: number; version: number; status: EntryStatus; detail: string }) {
    const row = await loadEntry(change.entryId);
    if (!row) return;
    await tellViewers(row, 'entry', { status: change.status });
    const versions = await repo.listVersions(db, [row.id]);
    const version = versions.find((v) => v.version === change.version) ?? versions[versions.length - 1];
    const video = version ? (await videos.entryVideos([version.videoId])).get(version.videoId) : undefined;
    await emails.sendStatus({
      to: row.creatorEmail,
      entryId: row.id,
      contestTitle: row.contestTitle,
      videoTitle: video?.title ?? 'your video',
      version: change.version,
      status: change.status,
      detail: change.detail,
    });
  }

  /** The entry if the caller may see it (404 otherwise: others learn nothing of it). */
  async function loadVisible(id: number, user: Caller) {
    const row = await loadEntry(id);
    const viewer = user;
    if (!row || !canSeeEntry(viewer, row)) throw notFound();
    return { row, viewer };
  }

  return {
    db,
    videos,
    emails,
    versionsOf,
    withOwners,
    loadEntry,
    loadNote,
    present,
    presentMany,
    historiesOf,
    advance,
    announce,
    tellViewers,
    loadVisible,
  };
}

export type EntryContext = ReturnType<typeof entryContext>;
