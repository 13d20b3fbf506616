import { ENTRY_MESSAGES, ENTRY_STATUSES, type Entry, type EntryStatus } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit';
import type { EntriesPorts } from './entries.ports';
import * as repo from './entries.repository';
import { entryApprovals } from './entry-approvals';
import { entryContext } from './entry-context';
import { notFound } from './entry-errors';
import { entryQcGate } from './entry-qc';
import { entryReview } from './entry-review';
import { entrySubmission } from './entry-submission';
import { entryViews } from './entry-views';

export type EntriesServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

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
  ports: EntriesPorts,
  clock: () => Date = () => new Date(),
) {
  const context = entryContext(deps, ports);
  const { db, loadEntry, present, advance, announce } = context;
  const { contests } = ports;
  const submission = entrySubmission(context, contests, clock, ports);
  const views = entryViews(deps, context, ports);
  const review = entryReview(deps, context, clock);
  const qcGate = entryQcGate(context);
  const approvals = entryApprovals(context, clock);

  return {
    /** Submitting a video, who may, and a processing video settling (entry-submission.ts). */
    submit: submission.submit,
    submitToRound: submission.submitToRound,
    eligibility: submission.eligibility,
    videoSettled: submission.videoSettled,
    /** The caller's entry, one entry, a contest's entries for its reviewers (entry-views.ts). */
    mine: views.mine,
    get: views.get,
    listForReviewer: views.listForReviewer,
    /** Reviewers' notes, replies and revision requests (entry-review.ts). */
    addNote: review.addNote,
    resolveNote: review.resolveNote,
    requestRevision: review.requestRevision,
    /** The brand's sign-off on versions (entry-approvals.ts). */
    approvals: approvals.list,
    decideApproval: approvals.decide,
    /** Staff's exception to the contest's blocking technical checks (entry-qc.ts). */
    overrideQc: qcGate.override,

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
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
