import {
  judgeQc,
  QC_MESSAGES,
  qcFailure,
  type QcCheck,
  type QcStatus,
  type VideoQc,
  type VideoRequirements,
} from '@app/domain';
import type { Caller } from '../../plugins/auth';
import * as qcRepo from './qc.repository';
import { findOwnRowsByIds } from './videos.repository';
import { canSeeQcReport } from './videos.policy';
import { notFound, type VideosServiceDeps, type VideoViews } from './video-views';

/**
 * A video's technical check as the API shows it (issue 51): `pending` until processing is done
 * and the check ran, then its checks; the stream facts judged against the requirements of the
 * contest the video is entered in, if any (asked of entries at every read, so an entry made after
 * the check counts), else reported as facts.
 */
export function createVideoQcReport(deps: VideosServiceDeps, views: VideoViews) {
  const db = deps.database.db;

  /** The report of `videoId` for `user`; 404 for a video that is not there or not theirs to see. */
  async function report(videoId: number, user: Caller): Promise<VideoQc> {
    const [found] = await findOwnRowsByIds(db, [videoId]);
    if (!found) throw notFound();
    const [video] = await views.withEntryAccess([found], user);
    if (!canSeeQcReport(user, video!)) throw notFound();
    const row = await qcRepo.findQc(db, videoId);
    if (!row) {
      // Processing not done yet, or it failed and there is nothing to check.
      const failed = found.status === 'failed';
      return {
        status: failed ? 'failed' : 'pending',
        checks: [],
        facts: null,
        error: failed ? qcFailure(QC_MESSAGES.notProcessed) : null,
        analysed_at: null,
      };
    }
    let checks = row.checks;
    if (row.status === 'done' && row.facts) {
      const requirements = (await views.ports.enteredVideoRequirements?.(db, videoId)) ?? null;
      if (requirements) checks = judgeQc(row.facts, requirements.delivery, requirements);
    }
    return {
      status: row.status,
      checks,
      facts: row.status === 'done' ? row.facts : null,
      error: row.error,
      analysed_at: row.analysedAt?.toISOString() ?? null,
    };
  }

  /**
   * For entries' gate (issue 51): the video's check judged against a contest's requirements and
   * delivery spec, before it is entered; `pending` until the check ran (or while processing),
   * `failed` (no checks) when it could not run. The caller has already checked who may submit it.
   */
  async function judgedFor(
    videoId: number,
    requirements: VideoRequirements,
  ): Promise<{ status: QcStatus; checks: QcCheck[] }> {
    const row = await qcRepo.findQc(db, videoId);
    if (!row) return { status: 'pending', checks: [] };
    if (row.status !== 'done' || !row.facts) return { status: row.status, checks: [] };
    return { status: 'done', checks: judgeQc(row.facts, requirements.delivery, requirements) };
  }

  return { report, judgedFor };
}
