import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contestEntries, entryEvents } from '../../db/schema/index';

/**
 * Moves an entry to `step` and writes its timeline row, unless it is there already: how other
 * modules advance an entry (judging: 'scored', 'result'; payouts: 'paid'). Call it in the
 * caller's transaction.
 */
export async function moveEntry(
  tx: DbOrTx,
  entryId: number,
  step: string,
  detail: string,
  version: number | null = null,
): Promise<void> {
  const moved = await tx
    .update(contestEntries)
    .set({ status: step, updatedAt: new Date() })
    .where(and(eq(contestEntries.id, entryId), sql`${contestEntries.status} <> ${step}`))
    .returning({ id: contestEntries.id });
  if (moved.length) await tx.insert(entryEvents).values({ entryId, step, version, detail });
}
