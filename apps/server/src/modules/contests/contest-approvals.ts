import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contests } from '../../db/schema/index';

/**
 * How many brand approvals an entry's version of this contest needs (issue 49): what entries'
 * sign-off asks of contests. 0 for a contest that asks none (or that is not there).
 */
export async function approvalsRequiredOf(db: DbOrTx, contestId: number): Promise<number> {
  const [row] = await db
    .select({ required: contests.approvalsRequired })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row?.required ?? 0;
}
