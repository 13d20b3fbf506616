import {
  failedWarnings,
  MESSAGES,
  type Entry,
  type EntryCheck,
  type EntryStatus,
  type EntryVersion,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { createVideosService } from '../videos/videos.service';
import { createEntryEmails } from './entries.emails';
import { canSeeEntry, type EntryViewer } from './entries.policy';
import { toEntry, toEntryEvent, toEntryNote, toEntryVersion } from './entries.presenter';
import * as repo from './entries.repository';
import type { EntriesServiceDeps } from './entries.service';
import { brandOfUser } from '../accounts/membership';

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
export function entryContext(deps: EntriesServiceDeps) {
  const db = deps.database.db;
  const videos = createVideosService(deps);
  const emails = createEntryEmails(deps);

  const viewerOf = async (user: AuthUser): Promise<EntryViewer> => ({
    ...user,
    brandId: user.role === 'brand' ? await brandOfUser(db, user.id) : null,
  });

  /** The versions of entries with their videos, by entry id, oldest first. */
  async function versionsOf(entryIds: number[], viewer?: AuthUser): Promise<Map<number, EntryVersion[]>> {
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

  /** The entry with its history; `viewer` gets download links of the originals they may download. */
  async function present(row: repo.EntryRow, viewer?: AuthUser): Promise<Entry> {
    const [versions, notes, events] = await Promise.all([
      versionsOf([row.id], viewer),
      repo.listNotes(db, row.id),
      repo.listEvents(db, row.id),
    ]);
    return toEntry(row, versions.get(row.id) ?? [], notes.map(toEntryNote), events.map(toEntryEvent));
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

  /** The one e-mail of a change, naming the contest and the version's video. */
  async function announce(change: { entryId: number; version: number; status: EntryStatus; detail: string }) {
    const row = await repo.findEntry(db, change.entryId);
    if (!row) return;
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
  async function loadVisible(id: number, user: AuthUser) {
    const row = await repo.findEntry(db, id);
    const viewer = await viewerOf(user);
    if (!row || !canSeeEntry(viewer, row)) throw notFound();
    return { row, viewer };
  }

  return { db, videos, emails, viewerOf, versionsOf, present, advance, announce, loadVisible };
}

export type EntryContext = ReturnType<typeof entryContext>;
