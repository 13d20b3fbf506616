import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contestRounds } from '../../db/schema/index';

/** A contest's rounds (issue 47): read, written as a whole list, and the last one following the contest. */

export type RoundRow = typeof contestRounds.$inferSelect;
/** A round's stored values (its contest and position are given by the list it is saved in). */
export type RoundValues = Omit<typeof contestRounds.$inferInsert, 'id' | 'contestId' | 'position'>;

/** A contest's rounds, first to last. */
export async function listRounds(db: DbOrTx, contestId: number): Promise<RoundRow[]> {
  return db
    .select()
    .from(contestRounds)
    .where(eq(contestRounds.contestId, contestId))
    .orderBy(asc(contestRounds.position));
}

/**
 * Stores a contest's first round unless it has one (a concurrent first read may have stored it:
 * the unique position keeps one).
 */
export async function insertFirstRoundIfAbsent(tx: DbOrTx, contestId: number, values: RoundValues) {
  await tx
    .insert(contestRounds)
    .values({ ...values, contestId, position: 0 })
    .onConflictDoNothing();
}

/**
 * Replaces a contest's rounds with `rounds`, in order: rounds with an `id` keep their row (the
 * caller checked each is the contest's), the contest's others are deleted, rounds without one are
 * added. Positions move in two steps, since the unique (contest, position) is checked row by row.
 */
export async function replaceRounds(
  tx: DbOrTx,
  contestId: number,
  rounds: Array<RoundValues & { id?: number }>,
): Promise<void> {
  const kept = rounds.flatMap((round) => (round.id === undefined ? [] : [round.id]));
  await tx
    .delete(contestRounds)
    .where(
      and(
        eq(contestRounds.contestId, contestId),
        kept.length ? notInArray(contestRounds.id, kept) : undefined,
      ),
    );
  await tx
    .update(contestRounds)
    .set({ position: sql`${contestRounds.position} + 100` })
    .where(eq(contestRounds.contestId, contestId));
  for (const [position, { id, ...values }] of rounds.entries()) {
    if (id === undefined) await tx.insert(contestRounds).values({ ...values, contestId, position });
    else
      await tx
        .update(contestRounds)
        .set({ ...values, position, updatedAt: new Date() })
        .where(and(eq(contestRounds.id, id), eq(contestRounds.contestId, contestId)));
  }
}

/** Sets fields of one round of a contest (the last one following the contest's timeline). */
export async function updateRound(
  tx: DbOrTx,
  contestId: number,
  id: number,
  values: Partial<RoundValues>,
): Promise<void> {
  await tx
    .update(contestRounds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contestRounds.id, id), eq(contestRounds.contestId, contestId)));
}

/** One round by its id (undefined when there is none). */
export async function findRound(db: DbOrTx, id: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(contestRounds).where(eq(contestRounds.id, id));
  return row;
}

/** The rounds of these contests, each contest's first to last. */
export async function listRoundsOfContests(db: DbOrTx, contestIds: number[]): Promise<RoundRow[]> {
  if (!contestIds.length) return [];
  return db
    .select()
    .from(contestRounds)
    .where(inArray(contestRounds.contestId, contestIds))
    .orderBy(asc(contestRounds.contestId), asc(contestRounds.position));
}
