import { asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { ENTRY_STATUSES, type EntryStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { contestEntries, entryVersions } from '../../db/schema/index';

/**
 * What other modules ask of a contest's entries as a whole (issue 33, insights): counts by
 * status, first submissions per day, and each entry's videos. One query each.
 */

/** How many of the contest's entries are at each status (statuses without one are absent). */
export async function entryStatusCountsOf(db: DbOrTx, contestId: number): Promise<Map<EntryStatus, number>> {
  const rows = await db
    .select({ status: contestEntries.status, n: sql<number>`count(*)::int` })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .groupBy(contestEntries.status);
  return new Map(rows.map((row) => [row.status as EntryStatus, row.n]));
}

/** How many entries each of these contests has, by contest id (contests without one are absent). */
export async function entryCountsOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, number>> {
  if (!contestIds.length) return new Map();
  const rows = await db
    .select({ contestId: contestEntries.contestId, n: sql<number>`count(*)::int` })
    .from(contestEntries)
    .where(inArray(contestEntries.contestId, [...new Set(contestIds)]))
    .groupBy(contestEntries.contestId);
  return new Map(rows.map((row) => [row.contestId, row.n]));
}

/** How many entries reached `step` or a later status on the timeline (`ENTRY_STATUSES` order). */
export function entriesAtOrAfter(counts: Map<EntryStatus, number>, step: EntryStatus): number {
  const from = ENTRY_STATUSES.indexOf(step);
  return ENTRY_STATUSES.slice(from).reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
}

/** Entries first submitted per UTC day (`YYYY-MM-DD`), oldest first. */
export async function entrySubmissionsByDay(db: DbOrTx, contestId: number) {
  const day = sql<string>`to_char(${contestEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, count: sql<number>`count(*)::int` })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .groupBy(day)
    .orderBy(asc(day));
}

/**
 * Every version's video of the contest's entries as a subquery aliased `entry_videos` (entry id,
 * version, video id), for another module's statement to join its own rows to in one query (as
 * `latestVersions` is).
 */
export function entryVideosOf(db: DbOrTx, contestId: number) {
  return db
    .select({
      entryId: entryVersions.entryId,
      version: entryVersions.version,
      videoId: entryVersions.videoId,
    })
    .from(entryVersions)
    .innerJoin(contestEntries, eq(contestEntries.id, entryVersions.entryId))
    .where(eq(contestEntries.contestId, contestId))
    .as('entry_videos');
}

/** One entry's contest, entrant and status; undefined when there is none. */
export async function entryOf(db: DbOrTx, entryId: number) {
  const [row] = await db
    .select({
      id: contestEntries.id,
      contestId: contestEntries.contestId,
      roundId: contestEntries.roundId,
      userId: contestEntries.userId,
      wildcard: contestEntries.wildcard,
      status: contestEntries.status,
    })
    .from(contestEntries)
    .where(eq(contestEntries.id, entryId));
  return row;
}

/** A creator's entries with their contests (prepared: part of every creator dashboard). */
export function entryContestsOf(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'entries_contests_of', (statementName) =>
    db
      .select({ entryId: contestEntries.id, contestId: contestEntries.contestId })
      .from(contestEntries)
      .where(eq(contestEntries.userId, sql.placeholder('userId')))
      .prepare(statementName),
  );
  return statement.execute({ userId });
}

/** A round's entries' ids, as a subquery (issue 47). */
export function entryIdsOfRound(db: DbOrTx, roundId: number | Placeholder) {
  return db.select({ id: contestEntries.id }).from(contestEntries).where(eq(contestEntries.roundId, roundId));
}

/** The rounds of a contest that have entries (a round with entries is never dropped). */
export async function roundsWithEntriesOf(db: DbOrTx, contestId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ roundId: contestEntries.roundId })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId));
  return rows.map((row) => row.roundId);
}

/** The ids of the contest's entries as a subquery, for `in (…)` in another module's statement. */
export function entryIdsOf(db: DbOrTx, contestId: number | Placeholder) {
  return db
    .select({ id: contestEntries.id })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId));
}
