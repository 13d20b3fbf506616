import { PAPERWORK_MESSAGES, type Release } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { createPaperworkEmails } from './paperwork.emails';
import * as repo from './paperwork.repository';
import type { PaperworkServiceDeps, ReleaseViews } from './release-views';

/** Staff's review of releases: each decision audited, the entrant e-mailed. */
export function createReleaseReview(deps: PaperworkServiceDeps, { present, visibleRelease }: ReleaseViews) {
  const db = deps.database.db;
  const emails = createPaperworkEmails(deps);

  /** Approves or rejects a pending release (staff), audited; the entrant is e-mailed. */
  async function decide(
    actor: Caller,
    id: number,
    approved: boolean,
    reason: string | null,
  ): Promise<Release> {
    const { release, entry } = await visibleRelease(id, actor);
    const decided = await db.transaction(async (tx) => {
      const row = await repo.decideRelease(tx, id, {
        status: approved ? 'approved' : 'rejected',
        reason,
        decidedBy: actor.id,
      });
      if (!row) throw new AppError('already_decided', PAPERWORK_MESSAGES.releaseDecided);
      await recordAudit(tx, {
        actor: { userId: actor.id },
        action: approved ? 'release.approve' : 'release.reject',
        targetType: 'release',
        targetId: id,
        before: { status: release.status },
        after: { status: row.status, entry_id: row.entryId, kind: row.kind, ...(reason ? { reason } : {}) },
      });
      return row;
    });
    await emails.sendDecision({
      to: entry.creatorEmail,
      entryId: entry.id,
      contestTitle: entry.contestTitle,
      kind: decided.kind,
      fileName: decided.fileName,
      approved,
      reason,
    });
    return present(decided, actor);
  }

  return {
    approve: (actor: Caller, id: number) => decide(actor, id, true, null),
    reject: (actor: Caller, id: number, reason: string) => decide(actor, id, false, reason),
  };
}
