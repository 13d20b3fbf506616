import {
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  QC_CHECK_LABELS,
  qcFailedMessage,
  type ContestQcOverrideBody,
  type QcOverride,
  type QcOverrideBody,
  type QcRefusal,
  type VideoRequirements,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { namesOf } from '../accounts';
import { recordAudit } from '../audit';
import type { ContestsService } from '../contests';
import * as repo from './entries.repository';
import { fullName } from './entries.presenter';
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
    async assertPasses(
      contestId: number,
      videoId: number,
      requirements: VideoRequirements,
      /** Who submits it, and when: a refusal is recorded for staff (`heldAtQc`). */
      submission: { creatorId: number; at: Date },
    ): Promise<void> {
      const blocking = requirements.delivery.blocking;
      if (!blocking.length || (await overrides.hasQcOverride(db, contestId, videoId))) return;
      const qc = await videos.qcJudgedFor(videoId, requirements);
      if (qc.status === 'pending') throw new AppError(ENTRY_ERROR_CODES.qcPending, ENTRY_MESSAGES.qcPending);
      const failed = qc.checks.filter((c) => c.result === 'fail' && blocking.includes(c.id));
      if (failed.length) {
        // On the root connection, before the submission's transaction: the refusal stays, and
        // nothing else of the refused request is written.
        await overrides.recordQcRefusal(db, {
          contestId,
          videoId,
          userId: submission.creatorId,
          checks: failed.map((c) => c.id),
          refusedAt: submission.at,
        });
        throw new AppError(
          ENTRY_ERROR_CODES.qcFailed,
          qcFailedMessage(failed.map((c) => QC_CHECK_LABELS[c.id])),
          {},
          {},
          { checks: failed },
        );
      }
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
      return saveOverride(db, user, { contestId: entry.contestId, videoId, entryId, reason: body.reason });
    },
  };
}

/**
 * Submissions held at the technical check (issue 51): the contest's refused ones staff have not
 * let through, and staff letting one through, entry or not (a refused first submission has none).
 */
export function heldAtQc(
  context: Pick<EntryContext, 'db' | 'videos'>,
  contests: Pick<ContestsService, 'getContestOwner'>,
) {
  const { db, videos } = context;

  return {
    /** The contest's held submissions, newest refusal first, with their video and creator. */
    async list(contestRef: string, user: Caller): Promise<QcRefusal[]> {
      const contest = await contests.getContestOwner(contestRef, user);
      const held = await overrides.heldQcRefusals(db, contest.id);
      const [films, people] = await Promise.all([
        videos.entryVideos(held.map((r) => r.videoId)),
        namesOf(
          db,
          held.map((r) => r.userId),
        ),
      ]);
      return held.map((r) => {
        const person = people.get(r.userId);
        return {
          contest_id: r.contestId,
          video_id: r.videoId,
          video_title: films.get(r.videoId)?.title ?? '',
          creator: {
            id: r.userId,
            name: (person && fullName(person.firstName, person.lastName)) || 'Creator',
          },
          checks: r.checks,
          refused_at: r.refusedAt.toISOString(),
        };
      });
    },

    /**
     * Staff let a held submission's video into the contest: the creator's next submission of it
     * passes the gate. 404 unless the video is one of the contest's held submissions.
     */
    async override(contestRef: string, user: Caller, body: ContestQcOverrideBody): Promise<QcOverride> {
      const contest = await contests.getContestOwner(contestRef, user);
      const [held] = await overrides.heldQcRefusals(db, contest.id, body.video_id);
      if (!held) throw notFound();
      return saveOverride(db, user, {
        contestId: contest.id,
        videoId: held.videoId,
        entryId: null,
        reason: body.reason,
      });
    },
  };
}

/**
 * Records staff's override with its audit row (`entry.qc_override`, on the entry it was asked on,
 * else on the contest) in one transaction.
 */
async function saveOverride(
  db: DbOrTx,
  user: Caller,
  values: { contestId: number; videoId: number; entryId: number | null; reason: string },
): Promise<QcOverride> {
  const { contestId, videoId, entryId, reason } = values;
  const saved = await db.transaction(async (tx) => {
    const { before, saved } = await overrides.saveQcOverride(tx, { ...values, createdBy: user.id });
    await recordAudit(tx, {
      actor: { userId: user.id },
      action: 'entry.qc_override',
      targetType: entryId === null ? 'contest' : 'entry',
      targetId: entryId ?? contestId,
      before: before ? { video_id: videoId, reason: before.reason } : null,
      after: { video_id: videoId, contest_id: contestId, reason },
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
}
