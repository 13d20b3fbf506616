import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  brandProfiles,
  contestEntries,
  contestResults,
  contests,
  entryEvents,
  entryScores,
  entryVersions,
  users,
  videos,
  type CriterionScore,
} from '../../db/schema/index';

/**
 * SQL of judging: scores, results and the entries they are about. Reading "a contest's entries
 * with their newest version" is written here until the entries module offers it.
 */

export function findContest(db: DbOrTx, contestId: number) {
  return db
    .select({
      id: contests.id,
      title: contests.title,
      brandId: contests.brandId,
      rubric: contests.rubric,
      currency: contests.currency,
      prizeCents: contests.prizeCents,
      judgingStartsAt: contests.judgingStartsAt,
      judgingEndsAt: contests.judgingEndsAt,
      resultsPublishedAt: contests.resultsPublishedAt,
      publicationStatus: contests.publicationStatus,
    })
    .from(contests)
    .where(eq(contests.id, contestId))
    .then((rows) => rows[0]);
}
export type ContestRow = NonNullable<Awaited<ReturnType<typeof findContest>>>;

/** The brand a brand user belongs to (null for none). */
export async function findUserBrandId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ brandId: brandProfiles.brandId })
    .from(brandProfiles)
    .where(eq(brandProfiles.userId, userId));
  return row?.brandId ?? null;
}

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

const videoColumns = {
  videoId: videos.id,
  videoTitle: videos.title,
  posterKey: videos.posterKey,
  previewKey: videos.previewKey,
  originalKey: videos.originalKey,
  hlsKey: videos.hlsKey,
  mp4Key: videos.mp4Key,
  renditions: videos.renditions,
  captions: videos.captions,
};

/**
 * Every entry of the contest that has a version, with its newest version (the one judged), the
 * version's video and the entrant; optionally only `entryIds`.
 */
export async function findJudgedEntries(db: DbOrTx, filter: { contestId?: number; entryIds?: number[] }) {
  const { contestId, entryIds } = filter;
  const latest = db
    .selectDistinctOn([entryVersions.entryId], {
      entryId: entryVersions.entryId,
      version: entryVersions.version,
      videoId: entryVersions.videoId,
      submittedAt: entryVersions.createdAt,
    })
    .from(entryVersions)
    .innerJoin(contestEntries, eq(contestEntries.id, entryVersions.entryId))
    .where(
      and(
        contestId === undefined ? undefined : eq(contestEntries.contestId, contestId),
        entryIds ? inArray(contestEntries.id, entryIds.length ? entryIds : [0]) : undefined,
      ),
    )
    .orderBy(entryVersions.entryId, desc(entryVersions.version))
    .as('latest');
  return db
    .select({
      entryId: contestEntries.id,
      contestId: contestEntries.contestId,
      userId: contestEntries.userId,
      status: contestEntries.status,
      version: latest.version,
      submittedAt: latest.submittedAt,
      creatorFirstName: users.firstName,
      creatorLastName: users.lastName,
      creatorEmail: users.email,
      ...videoColumns,
    })
    .from(latest)
    .innerJoin(contestEntries, eq(contestEntries.id, latest.entryId))
    .innerJoin(users, eq(users.id, contestEntries.userId))
    .innerJoin(videos, eq(videos.id, latest.videoId))
    .orderBy(asc(latest.submittedAt), asc(contestEntries.id));
}
export type JudgedEntryRow = Awaited<ReturnType<typeof findJudgedEntries>>[number];

/** Every score of the contest's entries (all judges), oldest judge first. */
export function findContestScores(db: DbOrTx, contestId: number, judgeId?: number) {
  return db
    .select({
      entryId: entryScores.entryId,
      version: entryScores.version,
      judgeId: entryScores.judgeId,
      scores: entryScores.scores,
      weightedTotal: entryScores.weightedTotal,
      feedback: entryScores.feedback,
      updatedAt: entryScores.updatedAt,
    })
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
 * Per entry of the contest that has scores: the number of judges, the sum, lowest and highest of
 * their weighted totals and, per criterion, the sum of the marks — the ranking's inputs computed in
 * SQL (1,000 entries × 5 judges: 1,000 small rows instead of 5,000 scores with their marks). Prepared.
 */
export function findScoreTotals(db: DbOrTx, contestId: number) {
  const statement = prepared(db, 'judging_score_totals', () =>
    db
      .select({
        entryId: entryScores.entryId,
        judges: sql<number>`count(*)::int`,
        totalSum: sql<number>`sum(${entryScores.weightedTotal})::int`,
        minTotal: sql<number>`min(${entryScores.weightedTotal})`,
        maxTotal: sql<number>`max(${entryScores.weightedTotal})`,
        criterionSums: sql<Record<string, number> | null>`(
          select jsonb_object_agg(c.criterion, c.total) from (
            select mark ->> 'criterion' as criterion, sum((mark ->> 'score')::numeric) as total
            from ${entryScores} own cross join jsonb_array_elements(own.scores) as mark
            where own.entry_id = ${entryScores.entryId}
            group by 1
          ) c
        )`,
      })
      .from(entryScores)
      .innerJoin(contestEntries, eq(contestEntries.id, entryScores.entryId))
      .where(eq(contestEntries.contestId, sql.placeholder('contestId')))
      .groupBy(entryScores.entryId)
      .prepare('judging_score_totals'),
  );
  return statement.execute({ contestId });
}
export type ScoreTotalsRow = Awaited<ReturnType<typeof findScoreTotals>>[number];

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
    .returning({
      entryId: entryScores.entryId,
      version: entryScores.version,
      judgeId: entryScores.judgeId,
      scores: entryScores.scores,
      weightedTotal: entryScores.weightedTotal,
      feedback: entryScores.feedback,
      updatedAt: entryScores.updatedAt,
    });
  return row!;
}

/** Moves the entry to `step` and writes its timeline row, unless it is there already. */
export async function moveEntry(
  tx: DbOrTx,
  entryId: number,
  step: string,
  detail: string,
  version: number | null,
): Promise<void> {
  const moved = await tx
    .update(contestEntries)
    .set({ status: step, updatedAt: new Date() })
    .where(and(eq(contestEntries.id, entryId), sql`${contestEntries.status} <> ${step}`))
    .returning({ id: contestEntries.id });
  if (moved.length) await tx.insert(entryEvents).values({ entryId, step, version, detail });
}

/** Marks the results published, only if they were not: false when another request was first. */
export async function markPublished(tx: DbOrTx, contestId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(contests)
    .set({ resultsPublishedAt: at, updatedAt: at })
    .where(and(eq(contests.id, contestId), sql`${contests.resultsPublishedAt} is null`))
    .returning({ id: contests.id });
  return rows.length > 0;
}

/** Removes a contest's places (a correction writes them again in the same transaction). */
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
  return db
    .select({
      entryId: contestResults.entryId,
      userId: contestResults.userId,
      place: contestResults.place,
      prizeCents: contestResults.prizeCents,
    })
    .from(contestResults)
    .where(eq(contestResults.contestId, contestId))
    .orderBy(asc(contestResults.place));
}

/** The latest published winners of every contest whose film is approved for the library, newest first. */
export async function findRecentWinners(db: DbOrTx, limit: number) {
  return db
    .select({
      contestId: contests.id,
      contestTitle: contests.title,
      currency: contests.currency,
      publishedAt: contests.resultsPublishedAt,
      entryId: contestResults.entryId,
      userId: contestResults.userId,
      place: contestResults.place,
      prizeCents: contestResults.prizeCents,
    })
    .from(contestResults)
    .innerJoin(contests, eq(contests.id, contestResults.contestId))
    .where(
      and(
        isNotNull(contests.resultsPublishedAt),
        isNotNull(contestResults.entryId),
        // The home page shows only films approved for the public library.
        sql`exists (select 1 from ${entryVersions} v join ${videos} f on f.id = v.video_id
          where v.entry_id = ${contestResults.entryId} and f.is_approved
          and v.version = (select max(v2.version) from ${entryVersions} v2 where v2.entry_id = v.entry_id))`,
      ),
    )
    .orderBy(desc(contests.resultsPublishedAt), asc(contestResults.place))
    .limit(limit);
}

/** Places won by these videos (as the judged version of a placed entry) in published contests. */
export async function findAwardsOfVideos(db: DbOrTx, videoIds: number[]) {
  if (!videoIds.length) return [];
  if (videoIds.length === 1) {
    // One video's page (every video page asks): built once and prepared.
    const statement = prepared(db, 'judging_awards_of_video', () =>
      awardsQuery(db, (column) => eq(column, sql.placeholder('videoId'))).prepare('judging_awards_of_video'),
    );
    return statement.execute({ videoId: videoIds[0] });
  }
  return awardsQuery(db, (column) => inArray(column, videoIds));
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
    .select({
      videoId: latest.videoId,
      place: contestResults.place,
      contestId: contests.id,
      contestTitle: contests.title,
    })
    .from(contestResults)
    .innerJoin(latest, eq(latest.entryId, contestResults.entryId))
    .innerJoin(contests, eq(contests.id, contestResults.contestId))
    .where(and(isNotNull(contests.resultsPublishedAt), isOneOf(latest.videoId)));
}

/** The creator's entries in contests whose results are published. */
export function findPublishedEntriesOf(db: DbOrTx, userId: number) {
  // Part of every creator dashboard: prepared.
  const statement = prepared(db, 'judging_published_entries_of', () =>
    db
      .select({ entryId: contestEntries.id, contestId: contestEntries.contestId })
      .from(contestEntries)
      .innerJoin(contests, eq(contests.id, contestEntries.contestId))
      .where(
        and(eq(contestEntries.userId, sql.placeholder('userId')), isNotNull(contests.resultsPublishedAt)),
      )
      .prepare('judging_published_entries_of'),
  );
  return statement.execute({ userId });
}
