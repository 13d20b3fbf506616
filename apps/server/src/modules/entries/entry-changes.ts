import { failedWarnings, type EntryCheck, type EntryStatus } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { reviewersOf } from '../accounts';
import { raiseLiveEvent } from '../notifications';
import type { createVideosService } from '../videos';
import type { createEntryEmails } from './entries.emails';
import type { EntryRow } from './entries.presenter';
import * as repo from './entries.repository';

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
 * A status change: its timeline rows in a transaction (`advance`), then, after the commit, the
 * live update of everyone who sees the entry and the entrant's one e-mail (`announce`).
 */
export function entryChanges(
  deps: Pick<AppDeps, 'database' | 'log'>,
  videos: Pick<ReturnType<typeof createVideosService>, 'entryVideos'>,
  emails: ReturnType<typeof createEntryEmails>,
  loadEntry: (id: number) => Promise<EntryRow | undefined>,
) {
  const db = deps.database.db;

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
    const videoId = version?.videoId ?? null;
    const video = videoId !== null ? (await videos.entryVideos([videoId])).get(videoId) : undefined;
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

  return { advance, tellViewers, announce };
}
