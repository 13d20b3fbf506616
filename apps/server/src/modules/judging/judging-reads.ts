import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { entryScores } from '../../db/schema/index';
import { entryIdsOf } from '../entries';

/**
 * How many of the contest's entries each judge scored (issue 33, judging progress): one grouped
 * query over `entry_scores`, the contest's entries asked of entries as a subquery.
 */
export async function scoredByJudgeOf(
  db: DbOrTx,
  contestId: number,
): Promise<Array<{ judgeId: number; scored: number }>> {
  return db
    .select({ judgeId: entryScores.judgeId, scored: sql<number>`count(*)::int` })
    .from(entryScores)
    .where(inArray(entryScores.entryId, entryIdsOf(db, contestId)))
    .groupBy(entryScores.judgeId)
    .orderBy(entryScores.judgeId);
}
