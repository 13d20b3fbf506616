import { and, asc, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { entryIdsOf, entryIdsOfRound, latestVersions } from '../entries';
import { contestResults, entryScores, roundAdvancements, type CriterionScore } from '../../db/schema/index';

/**
 * SQL of judging: scores and results. The entries they are about come from the entries module: an
 * entry's newest version (the one judged) from `latestVersions`, a contest's entries from
 * `entryIdsOf`, both subqueries of the statements here.
 */

/**
 * Every entry of the contest that has a version, with its newest version (the one judged) and the
 * version's video id, earliest submission first; optionally only `entryIds`. The entrant's name
 * and the video are asked of accounts and videos (judged-entries.ts).
 */
export async function findJudgedVersions(
  db: DbOrTx,
  filter: { contestId?: number; roundId?: number; entryIds?: number[] },
) {
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
      title: latest.title,
      text: latest.text,
      wildcard: latest.wildcard,
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
    .where(
      and(
        inArray(entryScores.entryId, entryIdsOf(db, contestId)),
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
 * carries `total`, the number of ranked entries. The entries and their newest versions are entries'
 * `latestVersions`, a subquery of this one statement (entries ranked by their judging, so entries'
 * rows and judging's are ordered together); only the page's rows get per-criterion sums of the
 * marks, and their creators and videos are asked of accounts and videos for the page
 * (judged-entries.ts). One round's entries (issue 47: the contest's ranking is its last round's).
 * Prepared; placeholders `roundId`, `limit`, `offset`.
 */
export async function findRankingPage(db: DbOrTx, roundId: number, page: { limit: number; offset: number }) {
  const statement = prepared(db, 'judging_ranking_page', (statementName) => {
    const offset = sql`${sql.placeholder('offset')}::int`;
    const limit = sql`${sql.placeholder('limit')}::int`;
    const round = sql.placeholder('roundId');
    // `latest` is read once, so PostgreSQL inlines it: a second reference (the totals joined to it)
    // made it a materialised CTE, whose row estimates grew the plan's cost past JIT's threshold
    // (1.6 s of compiling for a 5,000-entry contest).
    const ranked = sql`(
      with latest as (
        select entry_id, user_id, version, video_id, created_at from ${latestVersions(db, { roundId: round })}
      ), totals as (
        select s.entry_id, count(*)::int as judges, sum(s.weighted_total)::int as total_sum,
          min(s.weighted_total) as min_total, max(s.weighted_total) as max_total
        from ${entryScores} s
        where s.entry_id in ${entryIdsOfRound(db, round)}
        group by s.entry_id
      ), ranked as (
        select l.entry_id, l.user_id, l.version, l.video_id, coalesce(t.judges, 0) as judges,
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
      select entry_id, user_id, version, video_id, judges, total_sum, min_total, max_total,
        total::int as total, rank::int as rank,
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
        entryId: sql<number>`page.entry_id`,
        userId: sql<number>`page.user_id`,
        version: sql<number>`page.version`,
        videoId: sql<number | null>`page.video_id`,
      })
      .from(ranked)
      .orderBy(sql`page.rank`)
      .prepare(statementName);
  });
  const rows = await statement.execute({ roundId, ...page });
  if (rows.length || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // Past the last page: only the number of ranked entries.
  const latest = latestVersions(db, { roundId });
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(latest);
  return { rows, count: row?.total ?? 0 };
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

/** The placed entries of these contests (those whose results are published: the home page's winners). */
export async function findPlacesOfContests(db: DbOrTx, contestIds: number[]) {
  if (!contestIds.length) return [];
  return db
    .select({
      contestId: contestResults.contestId,
      entryId: contestResults.entryId,
      userId: contestResults.userId,
      place: contestResults.place,
      prizeCents: contestResults.prizeCents,
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
    awardsQuery(db, (column) => isAnyOf(column, 'videoIds')).prepare(statementName),
  );
  return statement.execute({ videoIds });
}

function awardsQuery(db: DbOrTx, isOneOf: (column: SQLWrapper) => SQL) {
  // Every entry one of whose versions is one of the videos, with its newest version (entries').
  const latest = latestVersions(db, { withVideo: isOneOf });
  return db
    .select({
      // Matched by `isOneOf`, so never null (an idea's version has no video).
      videoId: sql<number>`${latest.videoId}`,
      place: contestResults.place,
      contestId: contestResults.contestId,
    })
    .from(contestResults)
    .innerJoin(latest, eq(latest.entryId, contestResults.entryId))
    .where(isOneOf(latest.videoId));
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
  // Every page of the reviewers' entries list asks: one prepared statement for any number of ids.
  const statement = prepared(db, 'judging_places_of_entries', (statementName) =>
    db
      .select({
        entryId: contestResults.entryId,
        contestId: contestResults.contestId,
        place: contestResults.place,
        prizeCents: contestResults.prizeCents,
      })
      .from(contestResults)
      .where(isAnyOf(contestResults.entryId))
      .prepare(statementName),
  );
  const rows = await statement.execute({ ids: entryIds });
  return rows.flatMap((row) => (row.entryId !== null ? [{ ...row, entryId: row.entryId }] : []));
}

/** The video of each of these entries' newest version, by entry id (entries' `latestVersions`). */
export async function findLatestVideos(db: DbOrTx, entryIds: number[]): Promise<Map<number, number>> {
  if (!entryIds.length) return new Map();
  const latest = latestVersions(db, { entryIds });
  const rows = await db.select({ entryId: latest.entryId, videoId: latest.videoId }).from(latest);
  return new Map(rows.flatMap((row) => (row.videoId === null ? [] : [[row.entryId, row.videoId]])));
}

/** The entries advanced from a round (issue 47). */
export function findAdvancementsOfRound(db: DbOrTx, roundId: number) {
  return db
    .select({ entryId: roundAdvancements.entryId, userId: roundAdvancements.userId })
    .from(roundAdvancements)
    .where(eq(roundAdvancements.roundId, roundId));
}

/** Which of these entries were already advanced. */
export function findAdvancementsOfEntries(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  return db
    .select({ entryId: roundAdvancements.entryId })
    .from(roundAdvancements)
    .where(inArray(roundAdvancements.entryId, entryIds));
}

/** Whether the creator was advanced from the round. */
export async function wasAdvancedFrom(db: DbOrTx, roundId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roundAdvancements.id })
    .from(roundAdvancements)
    .where(and(eq(roundAdvancements.roundId, roundId), eq(roundAdvancements.userId, userId)));
  return row !== undefined;
}

/** The rounds the creator was advanced from. */
export function findRoundsAdvancedFrom(db: DbOrTx, userId: number) {
  return db
    .select({ roundId: roundAdvancements.roundId })
    .from(roundAdvancements)
    .where(eq(roundAdvancements.userId, userId));
}

/**
 * Records an advanced entry (one per entry: the unique index); false when it already was (another
 * request was first).
 */
export async function insertAdvancement(
  tx: DbOrTx,
  row: { roundId: number; entryId: number; userId: number; earningId: number | null; createdBy: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(roundAdvancements)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: roundAdvancements.id });
  return inserted.length > 0;
}
