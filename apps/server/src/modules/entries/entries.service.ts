import {
  checkEntryVideo,
  containerOfType,
  ENTRY_ERROR_CODES,
  ENTRY_MESSAGES,
  ENTRY_STATUSES,
  failedErrors,
  failedWarnings,
  type Entry,
  type EntryEligibility,
  type Page,
  type EntryListQuery,
  type EntryStatus,
  type ReleaseCounts,
  type SubmitEntryBody,
  type SubmitRefusal,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit';
import { createContestsService, recordAgreementAcceptance, SERVER_SIDE } from '../contests';
import { assertContestMember } from '../../lib/policy';
import { pageWindow, toPage } from '../../lib/paging';
import { applicationStatusOf } from '../applications';
import { canSubmit } from './entries.policy';
import * as repo from './entries.repository';
import { checkSummary, entryContext, forbidden, notFound, type Step } from './entry-context';
import { entryReview } from './entry-review';
import type { EntryStanding } from './entries.presenter';

export type EntriesServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

/**
 * What entries asks of the modules above it (passed by modules/index.ts): the releases' state of
 * each entry (paperwork) and its published place (judging), shown on the entry page and the
 * contest's list. Without it (jobs, seeds) entries are answered without them.
 */
export interface EntriesOwners {
  releaseCountsOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, ReleaseCounts>>;
  /** The places entries won, once results are published (judging): a winner's delivery opens. */
  placesOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, number>>;
}

/** Statuses the judging module moves entries to (in this order), after review. */
const JUDGING_STATUSES: EntryStatus[] = ['scored', 'result', 'paid'];

/**
 * Contest entries (issue 15): a selected creator submits a video, checked against the contest's
 * brief; a second submission adds a version to the same entry; reviewers (staff, the contest's
 * brand) pin notes to moments of a version and request revisions; every status change writes the
 * timeline and sends the entrant one e-mail.
 */
export function createEntriesService(
  deps: EntriesServiceDeps,
  clock: () => Date = () => new Date(),
  owners?: EntriesOwners,
) {
  const context = entryContext(deps);
  const {
    db,
    videos,
    withOwners,
    loadEntry,
    present,
    presentMany,
    historiesOf,
    advance,
    announce,
    loadVisible,
  } = context;
  const contests = createContestsService(deps, clock);

  /** The entries' releases' state and published place: one query each, for any page. */
  const standing = async (ids: number[]) => {
    if (!owners) return () => undefined;
    const [counts, places] = await Promise.all([owners.releaseCountsOf(db, ids), owners.placesOf(db, ids)]);
    return (id: number): EntryStanding | undefined => ({
      releases: counts.get(id),
      place: places.get(id) ?? null,
    });
  };

  /**
   * A video that was still processing when it was submitted has settled: the entry moves on to
   * checked and in review (or, if the video failed, to revision requested). Idempotent: only an
   * entry still `processing` on this video moves.
   */
  async function settleVideo(videoId: number, outcome: 'ready' | 'failed', failure?: string | null) {
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

  const service = {
    /**
     * A selected creator submits one of their own videos to a contest before its submission
     * deadline. The video is checked against the contest's requirements from its stored ffprobe
     * metadata (width and height as shown, the rotation tag applied when it was probed): a failed
     * hard rule is refused (422 `brief_not_met` with the checks), failed soft rules need
     * `confirm_warnings` (422 `warnings_not_confirmed`). The first submission creates the entry;
     * each further one adds the next version to the same entry. A processed video goes straight
     * to review; one still processing waits (status `processing`) until its video settles.
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

      const checks = checkEntryVideo(
        {
          durationSeconds: video.duration,
          // Stored as shown: probing already applied the rotation tag (media/probe.ts).
          width: video.width,
          height: video.height,
          rotation: 0,
          container: containerOfType(video.content_type),
        },
        contest.video_requirements,
      );
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
      if (warnings.length && !body.confirm_warnings)
        throw new AppError(
          ENTRY_ERROR_CODES.confirmWarnings,
          ENTRY_MESSAGES.confirmWarnings,
          {},
          {},
          { checks },
        );

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
        if (now.status !== 'processing') await settleVideo(video.id, now.status, now.failure_reason);
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

    /** The caller's own entry in a contest, or null (the submit page shows it). */
    async mine(contestRef: string, user: Caller): Promise<Entry | null> {
      const contest = await contests.getContestOwner(contestRef);
      const record = await repo.findEntryOf(db, contest.id, user.id);
      const [row] = record ? await withOwners([record]) : [];
      return row ? present(row, user) : null;
    },

    /** One entry with its versions, notes and timeline: the entrant, staff and the contest's brand. */
    async get(id: number, user: Caller): Promise<Entry> {
      const [entry] = await presentMany([(await loadVisible(id, user)).row], user, standing);
      if (!entry) throw notFound();
      return entry;
    },

    /**
     * A page of a contest's entries — each with its newest version first-class and its versions,
     * notes and timeline — for staff and the contest's brand (403 for anyone else), most recently
     * changed first, optionally filtered: `needs_review` (in review, and nobody has noted the
     * newest version yet or notes are open), `revision_requested`, `ready_for_judging` (in review,
     * the newest version noted and every note resolved). The same dozen queries for any page size.
     */
    async listForReviewer(
      contestRef: string,
      user: Caller,
      query: EntryListQuery,
      url: URL,
    ): Promise<Page<Entry>> {
      const contest = await contests.getContestOwner(contestRef, user);
      assertContestMember(user, contest);
      const request = { page: query.page, pageSize: query.page_size, url };
      const { rows, count } = await repo.pageEntriesOfContest(
        db,
        contest.id,
        query.filter,
        pageWindow(request),
      );
      const [owned, present] = await Promise.all([
        withOwners(rows),
        historiesOf(
          rows.map((row) => row.id),
          user,
          standing,
        ),
      ]);
      return toPage(present(owned), count, request, deps.config.PUBLIC_URL);
    },
    ...entryReview(deps, context, clock),

    /**
     * For other modules (judging): moves an entry forward to `scored`, `result` or `paid`, with one
     * timeline row, one e-mail and an audit row naming who did it. Never moves an entry back.
     */
    async changeStatus(
      entryId: number,
      status: EntryStatus,
      options: { actor: AuditActor; detail?: string },
    ): Promise<Entry> {
      if (!JUDGING_STATUSES.includes(status))
        throw AppError.validation({ status: [ENTRY_MESSAGES.statusOrder] });
      const change = await db.transaction(async (tx) => {
        await repo.lockEntry(tx, entryId);
        const current = await repo.findEntry(tx, entryId);
        if (!current) throw notFound();
        if (ENTRY_STATUSES.indexOf(status) <= ENTRY_STATUSES.indexOf(current.status as EntryStatus))
          throw new AppError('conflict', ENTRY_MESSAGES.statusOrder);
        const version = await repo.latestVersionNumber(tx, entryId);
        const made = await advance(tx, entryId, version, [{ step: status, detail: options.detail ?? '' }]);
        await recordAudit(tx, {
          actor: options.actor,
          action: 'entry.status',
          targetType: 'entry',
          targetId: entryId,
          before: { status: current.status },
          after: { status },
        });
        return made;
      });
      await announce(change);
      return present((await loadEntry(entryId))!);
    },

    /** The job handler's work: a video's processing settled (see `settleVideo`). */
    async videoSettled(videoId: number, status: 'ready' | 'failed'): Promise<void> {
      let failure: string | null = null;
      if (status === 'failed')
        failure = (await videos.entryVideos([videoId])).get(videoId)?.failure_reason ?? null;
      await settleVideo(videoId, status, failure);
    },
  };
  return service;
}

export type EntriesService = ReturnType<typeof createEntriesService>;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
