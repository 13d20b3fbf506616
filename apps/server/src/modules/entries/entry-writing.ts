import {
  checkEntryVideo,
  containerOfType,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  failedErrors,
  failedWarnings,
  ROUND_ENTRY_ERROR_CODES,
  ROUND_ENTRY_MESSAGES,
  type ContestResponse,
  type Entry,
  type EntryCheck,
  type EntryVideoFacts,
  type VideoRequirements,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { voterFactsOf } from '../accounts';
import { applicationStatusOf } from '../applications';
import { recordAgreementAcceptance, type RoundInContest } from '../contests';
import type { EntriesPorts } from './entries.ports';
import * as repo from './entries.repository';
import { checkSummary, type Step } from './entry-changes';
import type { EntryContext } from './entry-context';
import { entryQcGate } from './entry-qc';

/** Who may enter a round (issue 47): its policy, its window, wildcards. */
export function roundAdmissions(
  { db }: Pick<EntryContext, 'db'>,
  clock: () => Date,
  ports: Pick<EntriesPorts, 'wasAdvancedFrom'>,
) {
  /**
   * Who may enter a round (issue 47), as its `entry_policy` says: `open` any verified creator,
   * `selected` the contest's selected applicants, `advanced` creators advanced from the round
   * before — or, where the round allows wildcards, a creator eligible under the first round's
   * policy, whose entry is then a wildcard. The round takes entries only inside its window (409
   * `round_closed`). A creator who already entered keeps their entry (and its wildcard mark).
   */
  async function roundAdmission(
    place: RoundInContest,
    contest: { id: number },
    user: Caller,
  ): Promise<{ wildcard: boolean }> {
    const { round, previous, first } = place;
    const now = clock();
    if (now < round.opensAt || now > round.closesAt)
      throw new AppError(ROUND_ENTRY_ERROR_CODES.roundClosed, ROUND_ENTRY_MESSAGES.roundClosed);
    const existing = await repo.findEntryInRound(db, round.id, user.id);
    if (existing) return { wildcard: existing.wildcard };
    const eligible = async (policy: 'open' | 'selected') => {
      if (policy === 'selected') return (await applicationStatusOf(db, contest.id, user.id)) === 'selected';
      return (await voterFactsOf(db, user.id))?.verified === true;
    };
    if (round.entryPolicy !== 'advanced') {
      if (await eligible(round.entryPolicy)) return { wildcard: false };
      throw round.entryPolicy === 'selected'
        ? new AppError(ENTRY_ERROR_CODES.notSelected, ENTRY_MESSAGES.notSelected)
        : new AppError('forbidden', ROUND_ENTRY_MESSAGES.notVerified);
    }
    if (previous && (await ports.wasAdvancedFrom(db, previous.id, user.id))) return { wildcard: false };
    const firstPolicy = first.entryPolicy === 'advanced' ? 'selected' : first.entryPolicy;
    if (round.allowWildcards && (await eligible(firstPolicy))) return { wildcard: true };
    throw new AppError(ROUND_ENTRY_ERROR_CODES.notAdvanced, ROUND_ENTRY_MESSAGES.notAdvanced);
  }

  return roundAdmission;
}

/**
 * Writing a submission (issue 47 split it from `entrySubmission`): who may enter a round, the
 * video checks, and the entry with its next version in one transaction.
 */
export function entryWriting(context: EntryContext, clock: () => Date) {
  const { db, videos, loadEntry, present, advance, announce } = context;
  const qcGate = entryQcGate(context);

  /**
   * Writes the entry (created on the first submission) and its next version in one transaction,
   * with the agreement's acceptance, then tells the creator: a processed video (or an idea) goes
   * straight to review, a video still processing waits until it settles.
   */
  async function store(
    contest: { id: number; brand: { id: number } },
    roundId: number,
    wildcard: boolean,
    user: Caller,
    version: {
      video: { id: number; title: string; status: string } | null;
      title: string | null;
      text: string | null;
      checks: EntryCheck[];
      warnings: boolean;
    },
    body: { agreement_sha256?: string | undefined },
    client: { ip: string },
  ): Promise<Entry> {
    const { video } = version;
    const processing = video?.status === 'processing';
    const change = await db
      .transaction(async (tx) => {
        const submittedAt = clock();
        const entryId = await repo.upsertEntry(
          tx,
          { contestId: contest.id, roundId, userId: user.id, wildcard },
          submittedAt,
        );
        await repo.lockEntry(tx, entryId);
        const number = (await repo.latestVersionNumber(tx, entryId)) + 1;
        const inserted = await repo.insertVersion(tx, {
          entryId,
          version: number,
          videoId: video?.id ?? null,
          title: version.title,
          text: version.text,
          checks: version.checks,
          warningsConfirmedAt: version.warnings ? submittedAt : null,
          createdAt: submittedAt,
        });
        // Each version is submitted under the agreement current then (a stale one: 409).
        await recordAgreementAcceptance(tx, {
          contestId: contest.id,
          userId: user.id,
          sha256: body.agreement_sha256,
          clientIp: client.ip,
          context: 'entry',
          refId: inserted.id,
        });
        const uploaded: Step = {
          step: 'uploaded',
          detail: `Version ${number}: "${video?.title ?? version.title ?? ''}".`,
        };
        return advance(
          tx,
          entryId,
          number,
          processing
            ? [uploaded, { step: 'processing' }]
            : [
                uploaded,
                { step: 'checked', detail: checkSummary(version.checks, version.warnings) },
                { step: 'in_review' },
              ],
        );
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('conflict', ENTRY_MESSAGES.videoAlreadyEntered);
        throw error;
      });
    if (video) await videos.placeInContest(video.id, { id: contest.id, brandId: contest.brand.id });
    await announce(change);
    if (video && processing) {
      // The video may have settled while this was written; its announcement then found no
      // entry waiting, so look again.
      const now = await videos.getOwnVideo(video.id, user);
      if (now.status !== 'processing') await settleVideo(context, video.id, now.status, now.failure_reason);
    }
    return present((await loadEntry(change.entryId))!, user);
  }

  /** The creator's own video, probed and not yet entered (400/409 otherwise). */
  async function enteredVideo(videoId: number, user: Caller) {
    const video = await videos.getOwnVideo(videoId, user);
    if (video.status === 'failed') throw AppError.validation({ video_id: [ENTRY_MESSAGES.videoFailed] });
    if (video.duration === null || video.width === null || video.height === null)
      throw AppError.validation({ video_id: [ENTRY_MESSAGES.videoNotProbed] });
    if (await repo.findVersionByVideo(db, video.id))
      throw new AppError('conflict', ENTRY_MESSAGES.videoAlreadyEntered);
    return { ...video, duration: video.duration, width: video.width, height: video.height };
  }

  /** A film: the video checked against the brief and the contest's technical check (issue 51). */
  async function filmVersion(
    contest: ContestResponse,
    body: { video_id: number; confirm_warnings?: boolean | undefined },
    user: Caller,
  ) {
    const video = await enteredVideo(body.video_id, user);
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
    await qcGate.assertPasses(contest.id, video.id, contest.video_requirements);
    return { video, title: null, text: null, checks, warnings: warnings.length > 0 };
  }

  return { store, enteredVideo, filmVersion };
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
export async function settleVideo(
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
