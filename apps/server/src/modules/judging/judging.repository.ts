import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { latestVersions } from '../entries/latest-versions';
import {
  contestEntries,
  contestResults,
  entryScores,
  entryVersions,
  type CriterionScore,
} from '../../db/schema/index';

/**
 * SQL of judging: scores, results and the entries they are about. An entry's newest version (the
 * one judged) comes from the entries module (`latestVersions`).
 */

export function findEntry(db: DbOrTx, entryId: number) {
  return db
    .select({
      id: contestEntries.id,
      contestId: contestEntries.contestId,
      userId: contestEntries.userId,
      status: contestEntries.status,
    })
    .from(contestEntries)
    .where(eq(contestEntries.id, entryId))
    .then((rows) => rows[0]);
}

/**
 * Every entry of the contest that has a version, with its newest version (the one judged) and the
 * version's video id, earliest submission first; optionally only `entryIds`. The entrant's name
 * and the video are asked of accounts and videos (judged-entries.ts).
 */
export async function findJudgedVersions(db: DbOrTx, filter: { contestId?: number; entryIds?: number[] }) {
  const latest = latestVersions(db, filter);
  return db
    .select({
      entryId: latest.entryId,
      contestId: latest.contestId,
      userId: latest.userId,
      status: latest.status,
      version: latest.version,
      submittedAt: latest.submittedAt,
      videoId: latest.videoId,
    })
    .from(latest)
    .orderBy(asc(latest.submittedAt), asc(latest.entryId));
}

/** A judge's score of an entry, as every reader and the upsert give it back. */
const scoreColumns = {
  entryId: entryScores.entryId,
  version: entryScores.version,
  judgeId: entryScores.judgeId,
  scores: entryScores.scores,
  weightedTotal: entryScores.weightedTotal,
  feedback: entryScores.feedback,
  updatedAt: entryScores.updatedAt,
};

/** Every score of the contest's entries (all judges), oldest judge first. */
export function findContestScores(db: DbOrTx, contestId: number, judgeId?: number) {
  return db
    .select(scoreColumns)
    .from(entryScores)
    .innerJoin(contestEntries, eq(contestEntries.id, entryScores.entryId))
    .where(
      and(
        eq(contestEntries.contestId, contestId),
        judgeId === undefined ? undefined : eq(entryScores.judgeId, judgeId),
      ),
    )
    .orderBy(asc(entryScores.judgeId), asc(entryScores.entryId));
}
export type ScoreRow = Awaited<ReturnType<typeof findContestScores>>[number];

/**
 * One page of the contest's ranking (docs/spec-decisions.md "Judging"), ordered in SQL over every
 * entry that has a version: per entry its judges' number and the sum, lowest and highest of their
 * weighted totals; the order is the higher average (compared exactly: the sum over the judges at
 * 20 decimals, where two different averages of integer sums differ far earlier), then more judges,
 * then the earlier submission of the judged version (to the millisecond, as the scorecards compare
 * it), then the lower entry id; unscored entries last. `rank` is absolute, `tied` compares the
 * neighbours in the whole order (so across page boundaries) by cross-multiplying, and each row
 * carries `total`, the number of ranked entries. Only the page's rows are joined to their version
 * (for its video's id), and only theirs get per-criterion sums of the marks; their creators and
 * videos are asked of accounts and videos for the page (judged-entries.ts). Prepared;
 * placeholders `contestId`, `limit`, `offset`.
 */
export async function findRankingPage(
  db: DbOrTx,
  contestId: number,
  page: { limit: number; offset: number },
) {
  const statement = prepared(db, 'judging_ranking_page', (statementName) => {
    const contest = sql`${sql.placeholder('contestId')}::int`;
    const offset = sql`${sql.placeholder('offset')}::int`;
    const limit = sql`${sql.placeholder('limit')}::int`;
    const ranked = sql`(
      with latest as (
        select distinct on (v.entry_id) v.entry_id, v.version, v.created_at
        from ${entryVersions} v join ${contestEntries} e on e.id = v.entry_id
        where e.contest_id = ${contest}
        order by v.entry_id, v.version desc
      ), totals as (
        select s.entry_id, count(*)::int as judges, sum(s.weighted_total)::int as total_sum,
          min(s.weighted_total) as min_total, max(s.weighted_total) as max_total
        from ${entryScores} s join ${contestEntries} e on e.id = s.entry_id
        where e.contest_id = ${contest}
        group by s.entry_id
      ), ranked as (
        select l.entry_id, l.version, coalesce(t.judges, 0) as judges,
          coalesce(t.total_sum, 0) as total_sum, coalesce(t.min_total, 0) as min_total,
          coalesce(t.max_total, 0) as max_total,
          count(*) over () as total,
          row_number() over w as rank,
          lag(t.total_sum) over w as prev_sum, lag(t.judges) over w as prev_judges,
          lead(t.total_sum) over w as next_sum, lead(t.judges) over w as next_judges
        from latest l left join totals t on t.entry_id = l.entry_id
        window w as (
          order by t.total_sum::numeric(38, 20) / t.judges desc nulls last,
            coalesce(t.judges, 0) desc, date_trunc('milliseconds', l.created_at), l.entry_id
        )
      )
      select entry_id, version, judges, total_sum, min_total, max_total, total::int as total,
        rank::int as rank,
        coalesce(judges > 0 and (
          (prev_judges > 0 and prev_sum * judges = total_sum * prev_judges)
          or (next_judges > 0 and next_sum * judges = total_sum * next_judges)
        ), false) as tied
      from ranked
      where rank > ${offset} and rank <= ${offset} + ${limit}
    ) as page`;
    return db
      .select({
        rank: sql<number>`page.rank`,
        tied: sql<boolean>`page.tied`,
        total: sql<number>`page.total`,
        judges: sql<number>`page.judges`,
        totalSum: sql<number>`page.total_sum`,
        minTotal: sql<number>`page.min_total`,
        maxTotal: sql<number>`page.max_total`,
        criterionSums: sql<Record<string, number> | null>`(
          select jsonb_object_agg(c.criterion, c.total) from (
            select mark ->> 'criterion' as criterion, sum((mark ->> 'score')::numeric) as total
            from ${entryScores} own cross join jsonb_array_elements(own.scores) as mark
            where own.entry_id = page.entry_id
            group by 1
          ) c
        )`,
        entryId: contestEntries.id,
        userId: contestEntries.userId,
        version: entryVersions.version,
        videoId: entryVersions.videoId,
      })
      .from(ranked)
      .innerJoin(contestEntries, sql`${contestEntries.id} = page.entry_id`)
      .innerJoin(
        entryVersions,
        and(eq(entryVersions.entryId, contestEntries.id), sql`${entryVersions.version} = page.version`),
      )
      .orderBy(sql`page.rank`)
      .prepare(statementName);
  });
  const rows = await statement.execute({ contestId, ...page });
  if (rows.length || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // Past the last page: only the number of ranked entries.
  const result = await db.execute<{ total: number | string }>(sql`
    select count(distinct v.entry_id) as total
    from ${entryVersions} v join ${contestEntries} e on e.id = v.entry_id
    where e.contest_id = ${contestId}`);
  return { rows, count: Number(result.rows[0]?.total ?? 0) };
}
export type RankingPageRow = Awaited<ReturnType<typeof findRankingPage>>['rows'][number];

export function findScore(db: DbOrTx, entryId: number, judgeId: number) {
  return db
    .select({
      scores: entryScores.scores,
      feedback: entryScores.feedback,
      version: entryScores.version,
    })
    .from(entryScores)
    .where(and(eq(entryScores.entryId, entryId), eq(entryScores.judgeId, judgeId)))
    .then((rows) => rows[0]);
}

/** Saves the judge's score of the entry (one row per judge per entry). */
export async function upsertScore(
  tx: DbOrTx,
  score: {
    entryId: number;
    version: number;
    judgeId: number;
    scores: CriterionScore[];
    weightedTotal: number;
    feedback: string;
  },
) {
  const now = new Date();
  const [row] = await tx
    .insert(entryScores)
    .values({ ...score, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [entryScores.entryId, entryScores.judgeId],
      set: {
        version: score.version,
        scores: score.scores,
        weightedTotal: score.weightedTotal,
        feedback: score.feedback,
        updatedAt: now,
      },
    })
    .returning(scoreColumns);
  return row!;
}

/** Removes a contest's places (a correction writes them again in the same transaction). */
/** First key of the per-contest advisory lock that makes a results correction one step. */
const RESULTS_LOCK = 0x72736c74; // 'rslt'

/**
 * Holds the contest's results for the rest of transaction `tx`: a second correction of the same
 * contest waits until the first committed, then reads the places and the ledger it left.
 */
export async function lockContestResults(tx: DbOrTx, contestId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RESULTS_LOCK}, ${contestId})`);
}

export async function deleteResults(tx: DbOrTx, contestId: number): Promise<void> {
  await tx.delete(contestResults).where(eq(contestResults.contestId, contestId));
}

export async function insertResults(
  tx: DbOrTx,
  rows: Array<{ contestId: number; userId: number; entryId: number; place: number; prizeCents: number }>,
) {
  if (rows.length) await tx.insert(contestResults).values(rows);
}

/** The placed entries of a contest, by place. */
export function findResults(db: DbOrTx, contestId: number) {
  return resultsQuery(db).where(eq(contestResults.contestId, contestId)).orderBy(asc(contestResults.place));
}

/** `findResults` prepared, for the ranking's pages (outside transactions). */
export function findPlaces(db: DbOrTx, contestId: number) {
  const statement = prepared(db, 'judging_places_of_contest', (statementName) =>
    resultsQuery(db)
      .where(eq(contestResults.contestId, sql.placeholder('contestId')))
      .orderBy(asc(contestResults.place))
      .prepare(statementName),
  );
  return statement.execute({ contestId });
}

function resultsQuery(db: DbOrTx) {
  return db
    .select({
      entryId: contestResults.entryId,
      userId: contestResults.userId,
      place: contestResults.place,
      prizeCents: contestResults.prizeCents,
    })
    .from(contestResults);
}

/**
 * The placed entries of these contests (those whose results are published: the home page's
 * winners), each with the video of its entry's newest version (null without one).
 */
export async function findPlacesWithVideos(db: DbOrTx, contestIds: number[]) {
  if (!contestIds.length) return [];
  return db
    .select({
      contestId: contestResults.contestId,
      entryId: contestResults.entryId,
      userId: contestResults.userId,
      place: contestResults.place,
      prizeCents: contestResults.prizeCents,
      videoId: sql<number | null>`(select v.video_id from ${entryVersions} v
        where v.entry_id = ${contestResults.entryId} order by v.version desc limit 1)`,
    })
    .from(contestResults)
    .where(and(inArray(contestResults.contestId, contestIds), isNotNull(contestResults.entryId)));
}

/**
 * Places won by these videos (as the judged version of a placed entry), in any contest: the caller
 * keeps those of contests whose results are published (asked of contests).
 */
export async function findAwardsOfVideos(db: DbOrTx, videoIds: number[]) {
  if (!videoIds.length) return [];
  if (videoIds.length === 1) {
    // One video's page (every video page asks): built once and prepared.
    const statement = prepared(db, 'judging_awards_of_video', (statementName) =>
      awardsQuery(db, (column) => eq(column, sql.placeholder('videoId'))).prepare(statementName),
    );
    return statement.execute({ videoId: videoIds[0] });
  }
  // A page of the library or of a search (every list asks): one statement for any number of ids,
  // which are sent as one array parameter.
  const statement = prepared(db, 'judging_awards_of_videos', (statementName) =>
    awardsQuery(db, (column) => sql`${column} = any(${sql.placeholder('videoIds')}::integer[])`).prepare(
      statementName,
    ),
  );
  return statement.execute({ videoIds });
}

function awardsQuery(db: DbOrTx, isOneOf: (column: Parameters<typeof eq>[0]) => SQL) {
  const latest = db
    .selectDistinctOn([entryVersions.entryId], {
      entryId: entryVersions.entryId,
      videoId: entryVersions.videoId,
    })
    .from(entryVersions)
    .where(
      inArray(
        entryVersions.entryId,
        db
          .select({ entryId: entryVersions.entryId })
          .from(entryVersions)
          .where(isOneOf(entryVersions.videoId)),
      ),
    )
    .orderBy(entryVersions.entryId, desc(entryVersions.version))
    .as('latest');
  return db
    .select({ videoId: latest.videoId, place: contestResults.place, contestId: contestResults.contestId })
    .from(contestResults)
    .innerJoin(latest, eq(latest.entryId, contestResults.entryId))
    .where(isOneOf(latest.videoId));
}

/** The creator's entries (the caller keeps those of contests whose results are published). */
export function findEntriesOf(db: DbOrTx, userId: number) {
  // Part of every creator dashboard: prepared.
  const statement = prepared(db, 'judging_entries_of', (statementName) =>
    db
      .select({ entryId: contestEntries.id, contestId: contestEntries.contestId })
      .from(contestEntries)
      .where(eq(contestEntries.userId, sql.placeholder('userId')))
      .prepare(statementName),
  );
  return statement.execute({ userId });
}

/** The creator's places and prizes, by contest (the creator dashboard's results and wins). */
export function findResultsOf(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'judging_results_of', (statementName) =>
    db
      .select({
        contestId: contestResults.contestId,
        place: contestResults.place,
        prizeCents: contestResults.prizeCents,
      })
      .from(contestResults)
      .where(eq(contestResults.userId, sql.placeholder('userId')))
      .prepare(statementName),
  );
  return statement.execute({ userId });
}

/** The places these entries won, with their contest (the caller keeps the published ones). */
export async function findPlacesOfEntries(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return [];
  const rows = await db
    .select({
      entryId: contestResults.entryId,
      contestId: contestResults.contestId,
      place: contestResults.place,
      prizeCents: contestResults.prizeCents,
    })
    .from(contestResults)
    .where(inArray(contestResults.entryId, entryIds));
  return rows.flatMap((row) => (row.entryId !== null ? [{ ...row, entryId: row.entryId }] : []));
}
