import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contests } from '../../db/schema/index';

/**
 * The titles of these contests, by id, in one query: what other modules ask contests instead of
 * reading `contests` themselves. Ids without a contest are absent from the map.
 */
export async function contestTitlesOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(contestIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: contests.id, title: contests.title })
    .from(contests)
    .where(inArray(contests.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}
