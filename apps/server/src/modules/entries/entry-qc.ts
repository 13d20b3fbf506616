import {
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  QC_CHECK_LABELS,
  qcFailedMessage,
  type QcOverride,
  type QcOverrideBody,
  type VideoRequirements,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import * as repo from './entries.repository';
import type { EntryContext } from './entry-context';
import { notFound } from './entry-errors';
import * as overrides from './qc-overrides.repository';

/**
 * The technical check's gate on contest entries (issue 51): a video whose check fails a check the
 * contest's delivery spec lists as `blocking` is refused, unless staff let it through (an override
 * per contest and video, with a reason, audited).
 */
export function entryQcGate(context: Pick<EntryContext, 'db' | 'videos'>) {
  const { db, videos } = context;

  return {
    /**
     * Refuses a video the contest blocks on: 422 `qc_failed` naming the failed blocking checks
     * (the answer carries them), or 422 `qc_pending` while the check has not run (the creator
     * waits a moment). Nothing blocks without `blocking` checks, with staff's override, or when
     * the check could not run at all (our tools' failure is not the creator's).
     */
    async assertPasses(contestId: number, videoId: number, requirements: VideoRequirements): Promise<void> {
      const blocking = requirements.delivery.blocking;
      if (!blocking.length || (await overrides.hasQcOverride(db, contestId, videoId))) return;
      const qc = await videos.qcJudgedFor(videoId, requirements);
      if (qc.status === 'pending') throw new AppError(ENTRY_ERROR_CODES.qcPending, ENTRY_MESSAGES.qcPending);
      const failed = qc.checks.filter((c) => c.result === 'fail' && blocking.includes(c.id));
      if (failed.length)
        throw new AppError(
          ENTRY_ERROR_CODES.qcFailed,
          qcFailedMessage(failed.map((c) => QC_CHECK_LABELS[c.id])),
          {},
          {},
          { checks: failed },
        );
    },

    /**
     * Staff let a video into the entry's contest whatever its technical check says: the entry's
     * current version's video, or `video_id`, another video of the entry's creator (refused: their
     * next submission of it passes). Audited with the reason.
     */
    async override(entryId: number, user: Caller, body: QcOverrideBody): Promise<QcOverride> {
      const entry = await repo.findEntry(db, entryId);
      if (!entry) throw notFound();
      let videoId = body.video_id;
      if (videoId === undefined) videoId = await overrides.currentVersionVideo(db, entryId);
      else {
        // As its creator would ask for it: 404 unless the video is theirs.
        const creator: Caller = { id: entry.userId, role: 'creator', brandId: null, brandRole: null };
        await videos.getOwnVideo(videoId, creator).catch(() => {
          throw AppError.validation({ video_id: [ENTRY_MESSAGES.qcOverrideVideo] });
        });
      }
      if (videoId === undefined) throw notFound();
      const saved = await db.transaction(async (tx) => {
        const { before, saved } = await overrides.saveQcOverride(tx, {
          contestId: entry.contestId,
          videoId: videoId,
          entryId,
          reason: body.reason,
          createdBy: user.id,
        });
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'entry.qc_override',
          targetType: 'entry',
          targetId: entryId,
          before: before ? { video_id: videoId, reason: before.reason } : null,
          after: { video_id: videoId, contest_id: entry.contestId, reason: body.reason },
        });
        return saved;
      });
      return {
        entry_id: saved.entryId,
        contest_id: saved.contestId,
        video_id: saved.videoId,
        reason: saved.reason,
        created_at: saved.createdAt.toISOString(),
      };
    },
  };
}
