import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApprovalDecision } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { entryApprovals } from '../../db/schema/index';

/** SQL of the brand's sign-off on entry versions (issue 49): this module's `entry_approvals`. */

const approvalColumns = {
  entryId: entryApprovals.entryId,
  version: entryApprovals.version,
  userId: entryApprovals.userId,
  decision: entryApprovals.decision,
  comment: entryApprovals.comment,
  createdAt: entryApprovals.createdAt,
};

/** An entry's decisions, newest first; only those on `version` when it is given. */
export function listApprovals(db: DbOrTx, entryId: number, version?: number) {
  return db
    .select(approvalColumns)
    .from(entryApprovals)
    .where(
      and(
        eq(entryApprovals.entryId, entryId),
        version === undefined ? undefined : eq(entryApprovals.version, version),
      ),
    )
    .orderBy(desc(entryApprovals.createdAt), desc(entryApprovals.id));
}
export type ApprovalRecord = Awaited<ReturnType<typeof listApprovals>>[number];

/** The decisions on these entries (every version), in one query. */
export function listApprovalsOf(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  return db.select(approvalColumns).from(entryApprovals).where(inArray(entryApprovals.entryId, entryIds));
}

/** The member's decision on the version: a second one replaces the first (and its time). */
export async function saveApproval(
  tx: DbOrTx,
  values: {
    entryId: number;
    version: number;
    userId: number;
    decision: ApprovalDecision;
    comment: string;
    createdAt: Date;
  },
): Promise<void> {
  await tx
    .insert(entryApprovals)
    .values(values)
    .onConflictDoUpdate({
      target: [entryApprovals.entryId, entryApprovals.version, entryApprovals.userId],
      set: {
        decision: sql`excluded.decision`,
        comment: sql`excluded.comment`,
        createdAt: sql`excluded.created_at`,
      },
    });
}
