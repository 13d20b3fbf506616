import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { contests } from '../../db/schema/index';

/**
 * What judging asks of contests (contests owns them): a contest's rubric, prize and judging window,
 * marking its results published, and which contests' results are published.
 */

/** The contest as judging reads it; undefined when there is none. */
export function judgingContestOf(db: DbOrTx, contestId: number) {
  // Read by every judging request (the ranking's pages among them): prepared.
  const statement = prepared(db, 'contests_judging_contest', (statementName) =>
    db
      .select({
        id: contests.id,
        title: contests.title,
        brandId: contests.brandId,
        rubric: contests.rubric,
        approvalsRequired: contests.approvalsRequired,
        currency: contests.currency,
        prizeCents: contests.prizeCents,
        judgingStartsAt: contests.judgingStartsAt,
        judgingEndsAt: contests.judgingEndsAt,
        resultsPublishedAt: contests.resultsPublishedAt,
        publicationStatus: contests.publicationStatus,
        /** The last round (issue 47): its entries are the contest's sheet, ranking and results. */
        // Spelled out with table names: inside a subquery Drizzle leaves columns unqualified.
        finalRoundId: sql<number | null>`(select r.id from "contest_rounds" r
          where r.contest_id = "contests"."id" order by r.position desc limit 1)`,
      })
      .from(contests)
      .where(eq(contests.id, sql.placeholder('contestId')))
      .prepare(statementName),
  );
  return statement.execute({ contestId }).then((rows) => rows[0]);
}
export type JudgingContest = NonNullable<Awaited<ReturnType<typeof judgingContestOf>>>;

/** Marks the results published, only if they were not: false when another request was first. */
export async function markResultsPublished(tx: DbOrTx, contestId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(contests)
    .set({ resultsPublishedAt: at, updatedAt: at })
    .where(and(eq(contests.id, contestId), isNull(contests.resultsPublishedAt)))
    .returning({ id: contests.id });
  return rows.length > 0;
}

/** A contest whose results are published, as results and awards name it. */
export interface PublishedContest {
  title: string;
  currency: string;
  publishedAt: Date;
}

/**
 * The contests among `contestIds` (every contest when left out) whose results are published, by
 * id, in one query; the others are absent from the map.
 */
export async function publishedContestsOf(
  db: DbOrTx,
  contestIds?: number[],
): Promise<Map<number, PublishedContest>> {
  const ids = contestIds && [...new Set(contestIds)];
  if (ids && !ids.length) return new Map();
  // The creator dashboard asks on every request: prepared, one statement with the ids and one without.
  const statement = prepared(db, ids ? 'contests_published_of' : 'contests_published', (statementName) =>
    db
      .select({
        id: contests.id,
        title: contests.title,
        currency: contests.currency,
        publishedAt: contests.resultsPublishedAt,
      })
      .from(contests)
      .where(and(isNotNull(contests.resultsPublishedAt), ids ? isAnyOf(contests.id) : undefined))
      .prepare(statementName),
  );
  const rows = await statement.execute(ids ? { ids } : {});
  return new Map(
    rows.flatMap(({ id, publishedAt, ...contest }) =>
      publishedAt ? [[id, { ...contest, publishedAt }]] : [],
    ),
  );
}
