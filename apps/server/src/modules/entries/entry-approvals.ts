import {
  APPROVAL_MESSAGES,
  approvalState,
  type ApprovalBody,
  type ApprovalDecision,
  type ApprovalState,
  type EntryApprovals,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { namesOf } from '../accounts';
import { recordAudit } from '../audit';
import { approvalsRequiredOf } from '../contests';
import * as approvals from './approvals.repository';
import { canApprove } from './entries.policy';
import { fullName, type EntryRow } from './entries.presenter';
import * as repo from './entries.repository';
import type { EntryContext } from './entry-context';
import { forbidden } from './entry-errors';
import { askForRevision } from './entry-review';

type RevisionChange = NonNullable<Awaited<ReturnType<typeof askForRevision>>>;

/**
 * Sign-off on the final cut (issue 49): the contest's brand approves a version of an entry or asks
 * for changes; a version is approved once it has the approvals its contest asks. The entrant hears
 * of both outcomes (inbox, live, e-mail); every decision is audited.
 */
export function entryApprovals(context: EntryContext, clock: () => Date) {
  const { db, loadVisible, tellViewers, announce, emails } = context;

  /** Every decision on the entry with its author's name, and the current version's state. */
  async function summary(row: EntryRow): Promise<EntryApprovals> {
    const [required, version, records] = await Promise.all([
      approvalsRequiredOf(db, row.contestId),
      repo.latestVersionNumber(db, row.id),
      approvals.listApprovals(db, row.id),
    ]);
    const names = await namesOf(
      db,
      records.map((r) => r.userId),
    );
    return {
      required,
      version,
      state: approvalState(
        records.filter((r) => r.version === version),
        required,
      ),
      approvals: records.map((r) => {
        const name = names.get(r.userId);
        return {
          user_id: r.userId,
          name: name ? fullName(name.firstName, name.lastName) || name.email : '',
          decision: r.decision,
          comment: r.comment,
          version: r.version,
          created_at: r.createdAt.toISOString(),
        };
      }),
    };
  }

  /**
   * The entrant's notice of an outcome: a request for changes, or the version reaching approved.
   * A request for changes that moved the entry to `revision_requested` was told by that change's
   * announcement (the revision e-mail and inbox notice, with the comment): nothing more is sent.
   */
  async function tellEntrant(
    row: EntryRow,
    version: number,
    decision: ApprovalDecision,
    comment: string,
    reached: { before: ApprovalState; after: ApprovalState },
    revision: RevisionChange | null,
  ) {
    if (revision) await announce(revision);
    else if (decision === 'changes')
      await emails.sendApproval({
        to: row.creatorEmail,
        entryId: row.id,
        contestTitle: row.contestTitle,
        version,
        outcome: 'changes',
        comment,
      });
    else if (reached.after === 'approved' && reached.before !== 'approved')
      await emails.sendApproval({
        to: row.creatorEmail,
        entryId: row.id,
        contestTitle: row.contestTitle,
        version,
        outcome: 'approved',
        comment,
      });
  }

  return {
    /** The entry's approvals (the contest's brand, staff, the entrant; 404 for anyone else). */
    async list(entryId: number, user: Caller): Promise<EntryApprovals> {
      const { row } = await loadVisible(entryId, user);
      return summary(row);
    },

    /**
     * The caller's decision on the entry's current version (members of the contest's brand whose
     * role reviews; staff and the entrant get 403): a second one replaces the first. Asking for
     * changes of an entry waiting for review also asks for a revision, as a review does
     * (`askForRevision`: status `revision_requested`, so the entrant uploads a new version).
     */
    async decide(entryId: number, user: Caller, body: ApprovalBody): Promise<EntryApprovals> {
      const { row, viewer } = await loadVisible(entryId, user);
      if (!canApprove(viewer, row)) throw forbidden(APPROVAL_MESSAGES.brandOnly);
      const decision = body.decision;
      const comment = body.comment ?? '';
      const required = await approvalsRequiredOf(db, row.contestId);
      const stateOf = async (tx: DbOrTx, version: number) =>
        approvalState(await approvals.listApprovals(tx, entryId, version), required);
      const { version, before, after, revision } = await db.transaction(async (tx) => {
        // One decision at a time per entry: the state before and after are those of this decision.
        await repo.lockEntry(tx, entryId);
        const version = await repo.latestVersionNumber(tx, entryId);
        const previous = (await approvals.listApprovals(tx, entryId, version)).find(
          (r) => r.userId === user.id,
        );
        const before = await stateOf(tx, version);
        await approvals.saveApproval(tx, {
          entryId,
          version,
          userId: user.id,
          decision,
          comment,
          createdAt: clock(),
        });
        const after = await stateOf(tx, version);
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'entry.approval',
          targetType: 'entry',
          targetId: entryId,
          before: previous
            ? { version, decision: previous.decision, comment: previous.comment, state: before }
            : null,
          after: { version, decision, comment, state: after },
        });
        const revision =
          decision === 'changes' ? await askForRevision(context, tx, entryId, user.id, comment) : null;
        return { version, before, after, revision };
      });
      await tellEntrant(row, version, decision, comment, { before, after }, revision);
      await tellViewers(row, 'entry', { approvals: after });
      return summary(row);
    },
  };
}

/**
 * Of these entries' versions, which are approved, for a contest asking `required` approvals (one
 * query): judging places only approved versions when the contest asks for approvals.
 */
export async function approvedVersionsAmong(
  db: DbOrTx,
  versions: Array<{ entryId: number; version: number }>,
  required: number,
): Promise<Set<number>> {
  const records = await approvals.listApprovalsOf(
    db,
    versions.map((v) => v.entryId),
  );
  return new Set(
    versions
      .filter(
        ({ entryId, version }) =>
          approvalState(
            records.filter((r) => r.entryId === entryId && r.version === version),
            required,
          ) === 'approved',
      )
      .map((v) => v.entryId),
  );
}
