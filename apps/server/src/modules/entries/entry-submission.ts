import {
  checkEntryVideo,
  containerOfType,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  failedErrors,
  failedWarnings,
  type Entry,
  type EntryCheck,
  type EntryEligibility,
  type EntryVideoFacts,
  type SubmitEntryBody,
  type SubmitRefusal,
  type VideoRequirements,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { applicationStatusOf } from '../applications';
import { recordAgreementAcceptance, SERVER_SIDE, type createContestsService } from '../contests';
import { canSubmit } from './entries.policy';
import * as repo from './entries.repository';
import { checkSummary, type Step } from './entry-changes';
import type { EntryContext } from './entry-context';
import { forbidden } from './entry-errors';
import { entryQcGate } from './entry-qc';
import { clearQcRefusal } from './qc-overrides.repository';

/**
 * Submitting a video to a contest: who may, the checks against the brief, a new entry or its next
 * version, and a video still processing settling later.
 */
export function entrySubmission(
  context: EntryContext,
  contests: Pick<ReturnType<typeof createContestsService>, 'getContest'>,
  clock: () => Date,
) {
  const { db, videos, loadEntry, present, advance, announce } = context;
  const qcGate = entryQcGate(context);

  /**
   * Who may submit: a creator whose application to the contest is selected, before the contest's
   * submission deadline. After the deadline the answer is `submissions_closed` whatever the
   * application (nothing anyone does can change it); before, the application's status says why not.
   */
  async function eligibilityFor(
    contest: { id: number; submission_deadline: string },
    user: Caller,
  ): Promise<EntryEligibility> {
    const status = canSubmit(user) ? await applicationStatusOf(db, contest.id, user.id) : null;
    const reason: SubmitRefusal | null = !canSubmit(user)
      ? 'not_creator'
      : clock() > new Date(contest.submission_deadline)
        ? 'submissions_closed'
        : status === null
          ? 'not_applied'
          : status === 'selected'
            ? null
            : (`application_${status}` as const);
    return { can_submit: reason === null, reason, application_status: status };
  }

  return {
    /**
     * A selected creator submits one of their own videos to a contest before its submission
     * deadline. The video is checked against the contest's requirements (`checkAgainstBrief`).
     * The first submission creates the entry; each further one adds the next version to the same
     * entry. A processed video goes straight to review; one still processing waits (status
     * `processing`) until its video settles.
     */
    async submit(
      contestRef: string,
      user: Caller,
      body: SubmitEntryBody,
      /** The client's address (request.ip), recorded with the agreement acceptance. */
      client: { ip: string } = SERVER_SIDE,
    ): Promise<Entry> {
      if (!canSubmit(user)) throw forbidden(ENTRY_MESSAGES.notSelected);
      const contest = await contests.getContest(contestRef);
      const { reason } = await eligibilityFor(contest, user);
      if (reason === 'submissions_closed')
        throw new AppError(ENTRY_ERROR_CODES.deadlinePassed, ENTRY_MESSAGES.deadlinePassed);
      if (reason) throw new AppError(ENTRY_ERROR_CODES.notSelected, ENTRY_MESSAGES.notSelected);
      const video = await videos.getOwnVideo(body.video_id, user);
      if (video.status === 'failed') throw AppError.validation({ video_id: [ENTRY_MESSAGES.videoFailed] });
      if (video.duration === null || video.width === null || video.height === null)
        throw AppError.validation({ video_id: [ENTRY_MESSAGES.videoNotProbed] });
      if (await repo.findVersionByVideo(db, video.id))
        throw new AppError('conflict', ENTRY_MESSAGES.videoAlreadyEntered);

      const { checks, warnings } = checkAgainstBrief(
        {
          durationSeconds: video.duration,
          // Stored as shown: probing already applied the rotation tag (media/probe.ts).
          width: video.width,
          height: video.height,
          rotation: 0,
          container: containerOfType(video.content_type),
        },
        contest.video_requirements,
        body.confirm_warnings,
      );
      // The technical check against the contest's delivery spec (issue 51): its blocking checks.
      await qcGate.assertPasses(contest.id, video.id, contest.video_requirements, {
        creatorId: user.id,
        at: clock(),
      });

      const processing = video.status === 'processing';
      const change = await db
        .transaction(async (tx) => {
          const submittedAt = clock();
          const entryId = await repo.upsertEntry(tx, contest.id, user.id, submittedAt);
          await repo.lockEntry(tx, entryId);
          const version = (await repo.latestVersionNumber(tx, entryId)) + 1;
          const inserted = await repo.insertVersion(tx, {
            entryId,
            version,
            videoId: video.id,
            checks,
            warningsConfirmedAt: warnings.length ? submittedAt : null,
            createdAt: submittedAt,
          });
          // Entered now: no longer held at the technical check (if it was).
          await clearQcRefusal(tx, contest.id, video.id);
          // Each version is submitted under the agreement current then (a stale one: 409).
          await recordAgreementAcceptance(tx, {
            contestId: contest.id,
            userId: user.id,
            sha256: body.agreement_sha256,
            clientIp: client.ip,
            context: 'entry',
            refId: inserted.id,
          });
          const uploaded: Step = { step: 'uploaded', detail: `Version ${version}: "${video.title}".` };
          return advance(
            tx,
            entryId,
            version,
            processing
              ? [uploaded, { step: 'processing' }]
              : [
                  uploaded,
                  { step: 'checked', detail: checkSummary(checks, warnings.length > 0) },
                  { step: 'in_review' },
                ],
          );
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('conflict', ENTRY_MESSAGES.videoAlreadyEntered);
          throw error;
        });
      await videos.placeInContest(video.id, { id: contest.id, brandId: contest.brand.id });
      await announce(change);
      if (processing) {
        // The video may have settled while this was written; its announcement then found no
        // entry waiting, so look again.
        const now = await videos.getOwnVideo(video.id, user);
        if (now.status !== 'processing') await settleVideo(context, video.id, now.status, now.failure_reason);
      }
      return present((await loadEntry(change.entryId))!, user);
    },

    /**
     * May the caller submit a video to the contest now, and if not, why (Submit Video shows the
     * reason and the next step): the rule `submit` applies.
     */
    async eligibility(contestRef: string, user: Caller): Promise<EntryEligibility> {
      return eligibilityFor(await contests.getContest(contestRef), user);
    },

    /** The job handler's work: a video's processing settled (see `settleVideo`). */
    async videoSettled(videoId: number, status: 'ready' | 'failed'): Promise<void> {
      let failure: string | null = null;
      if (status === 'failed')
        failure = (await videos.entryVideos([videoId])).get(videoId)?.failure_reason ?? null;
      await settleVideo(context, videoId, status, failure);
    },
  };
}

/**
 * The video's checks against the contest's requirements, from its stored ffprobe metadata (width
 * and height as shown, the rotation tag applied when it was probed): a failed hard rule is refused
 * (422 `brief_not_met` with the checks), failed soft rules need `confirm_warnings` (422
 * `warnings_not_confirmed`).
 */
function checkAgainstBrief(
  facts: EntryVideoFacts,
  requirements: VideoRequirements,
  confirmWarnings: boolean | undefined,
): { checks: EntryCheck[]; warnings: EntryCheck[] } {
  const checks = checkEntryVideo(facts, requirements);
  const errors = failedErrors(checks);
  if (errors.length)
    throw new AppError(
      ENTRY_ERROR_CODES.briefNotMet,
      `${ENTRY_MESSAGES.briefNotMet} ${errors.map((c) => c.message).join(' ')}`,
      {},
      {},
      { checks },
    );
  const warnings = failedWarnings(checks);
  if (warnings.length && !confirmWarnings)
    throw new AppError(ENTRY_ERROR_CODES.confirmWarnings, ENTRY_MESSAGES.confirmWarnings, {}, {}, { checks });
  return { checks, warnings };
}

/**
 * A video that was still processing when it was submitted has settled: the entry moves on to
 * checked and in review (or, if the video failed, to revision requested). Idempotent: only an
 * entry still `processing` on this video moves.
 */
async function settleVideo(
  { db, advance, announce }: EntryContext,
  videoId: number,
  outcome: 'ready' | 'failed',
  failure?: string | null,
) {
  const waiting = await repo.findEntriesAwaitingVideo(db, videoId);
  for (const { id, version } of waiting) {
    const change = await db.transaction(async (tx) => {
      await repo.lockEntry(tx, id);
      const [current] = await repo.findEntriesAwaitingVideo(tx, videoId);
      if (!current || current.id !== id) return null;
      if (outcome === 'failed') {
        return advance(tx, id, version, [
          {
            step: 'revision_requested',
            detail: `The video could not be processed${failure ? ` (${failure})` : ''}. Please upload a new version.`,
          },
        ]);
      }
      const [versionRow] = (await repo.listVersions(tx, [id])).filter((v) => v.version === version);
      return advance(tx, id, version, [
        {
          step: 'checked',
          detail: checkSummary(versionRow?.checks ?? [], versionRow?.warningsConfirmedAt != null),
        },
        { step: 'in_review' },
      ]);
    });
    if (change) await announce(change);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
