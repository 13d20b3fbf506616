import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { videoCounts, videoUploads, videos } from '../../db/schema/index';
import { EXTENSION_OF } from '../../media/sniff';
import type { VideosPorts } from './videos.ports';

const videoColumns = {
  id: videos.id,
  ownerId: videos.ownerId,
  title: videos.title,
  description: videos.description,
  contestId: videos.contestId,
  /** The video's own brand, else its contest's (the brand's name is asked of accounts). */
  brandId: sql<number | null>`coalesce(${videos.brandId}, ${videos.contestBrandId})`,
  originalKey: videos.originalKey,
  originalType: videos.originalType,
  sizeBytes: videos.sizeBytes,
  posterKey: videos.posterKey,
  previewKey: videos.previewKey,
  status: videos.status,
  failureReason: videos.failureReason,
  durationSeconds: videos.durationSeconds,
  width: videos.width,
  height: videos.height,
  videoCodec: videos.videoCodec,
  audioCodec: videos.audioCodec,
  frameRate: videos.frameRate,
  hlsKey: videos.hlsKey,
  mp4Key: videos.mp4Key,
  renditions: videos.renditions,
  captions: videos.captions,
  processingStage: videos.processingStage,
  processingPercent: videos.processingPercent,
  isApproved: videos.isApproved,
  reviewStatus: videos.reviewStatus,
  reviewReason: videos.reviewReason,
  views: videos.views,
  likes: videos.likes,
  createdAt: videos.createdAt,
};

// Spelled as the index is (DESC NULLS LAST), or PostgreSQL sorts every approved row instead of
// reading the first page straight from the index.
const newestFirst = [sql`${videos.createdAt} desc nulls last`, sql`${videos.id} desc nulls last`];
const oldestFirst = [sql`${videos.createdAt} asc nulls first`, sql`${videos.id} asc nulls first`];

/** The owners' subqueries a video's statement joins: its creator's profile and its contest's title. */
export type VideoJoins = Pick<VideosPorts, 'creatorProfiles' | 'contestTitles'>;

/**
 * A video as stored, with its brand's id, its creator's profile (`profile*`, null without one) and
 * its contest's title; its creator's name and its brand's name are asked of accounts for the rows
 * read (video-rows.ts).
 */
export type StoredVideoRow = Awaited<ReturnType<typeof findVideo>> & {};

/**
 * Videos with their brand id (their own or their contest's), their creator's profile and their
 * contest's title: the creators' and contests' subqueries (`joins`, their owners' SQL) left-joined.
 */
function selectVideos<Extra extends Record<string, SQL.Aliased | SQL> = Record<never, never>>(
  db: DbOrTx,
  joins: VideoJoins,
  extra?: Extra,
) {
  const profile = joins.creatorProfiles(db);
  const contest = joins.contestTitles(db);
  return db
    .select({
      ...videoColumns,
      contestTitle: sql<string | null>`${contest.title}`,
      profileUserId: sql<number | null>`${profile.userId}`,
      profileExperienceLevel: sql<string | null>`${profile.experienceLevel}`,
      profileAvatarKey: sql<string | null>`${profile.avatarKey}`,
      profileCountry: sql<string | null>`${profile.country}`,
      profileBio: sql<string | null>`${profile.bio}`,
      ...(extra as Extra),
    })
    .from(videos)
    .leftJoin(profile, eq(profile.userId, videos.ownerId))
    .leftJoin(contest, eq(contest.id, videos.contestId));
}

/** One video with its brand, profile and contest (prepared: the video page's one statement). */
export async function findVideo(db: DbOrTx, joins: VideoJoins, id: number) {
  const statement = prepared(db, 'videos_find', (statementName) =>
    selectVideos(db, joins)
      .where(eq(videos.id, sql.placeholder('id')))
      .prepare(statementName),
  );
  const [row] = await statement.execute({ id });
  return row;
}

/** One video's own row, without its owners' data (processing reads it). */
export async function findStoredVideo(db: DbOrTx, id: number) {
  const [row] = await db.select(videoColumns).from(videos).where(eq(videos.id, id));
  return row;
}

/** A video's own row (what an entry shows of it needs nothing of its owners). */
export type OwnVideoRow = Awaited<ReturnType<typeof findStoredVideo>> & {};

/**
 * Several videos' own rows by id (any state; the caller decided who may see them): the entries'
 * videos, a hundred or two a page of the reviewers' list, so one prepared statement for any number.
 */
export function findOwnRowsByIds(db: DbOrTx, ids: number[]): Promise<OwnVideoRow[]> {
  if (!ids.length) return Promise.resolve([]);
  const statement = prepared(db, 'videos_own_rows_by_ids', (statementName) =>
    db.select(videoColumns).from(videos).where(isAnyOf(videos.id)).prepare(statementName),
  );
  return statement.execute({ ids });
}

/**
 * Marks a video as entered in a contest (its dashboard chip and contest title read this), with the
 * contest's brand (the video's brand when it has none of its own).
 */
export async function setVideoContest(
  db: DbOrTx,
  id: number,
  contest: { id: number; brandId: number },
): Promise<void> {
  await db
    .update(videos)
    .set({ contestId: contest.id, contestBrandId: contest.brandId, updatedAt: new Date() })
    .where(eq(videos.id, id));
}

export interface ListFilter {
  /** Only approved (true), only unapproved (false) or both (undefined). */
  approved?: boolean;
  ownerId?: number;
  standaloneOnly?: boolean;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

/** The list's conditions; `owner` is the owner's id or the prepared statement's placeholder for it. */
function listWhere(
  filter: ListFilter,
  owner: number | Placeholder | undefined = filter.ownerId,
): SQL | undefined {
  return and(
    filter.approved !== undefined
      ? sql`${videos.isApproved} = ${sql.raw(String(filter.approved))}`
      : undefined,
    owner !== undefined ? eq(videos.ownerId, owner) : undefined,
    filter.standaloneOnly ? isNull(videos.contestId) : undefined,
  );
}

/**
 * How many videos the filter matches. Everyone's videos (the library, staff's review queue) are
 * read from `video_counts`, kept by triggers, instead of counting 100k rows on every request; one
 * creator's own videos are few and counted.
 */
function listTotal(filter: ListFilter): SQL {
  if (ownVideos(filter)) return sql`count(*) over ()`;
  return sql`(select coalesce(sum(${videoCounts.videos}), 0) from ${videoCounts}${counterWhere(filter)})`;
}

const ownVideos = (filter: ListFilter) => filter.ownerId !== undefined || !!filter.standaloneOnly;
const counterWhere = (filter: ListFilter) =>
  filter.approved === undefined ? sql`` : sql` where ${eq(videoCounts.isApproved, filter.approved)}`;

/**
 * One page of videos, newest (or oldest) first, each row carrying the filter's total. The page's
 * ids are picked from `videos` alone (the partial index on approved videos, newest first, answers
 * it without a sort) and only those rows are read whole, joined to their profile and contest.
 * A single statement with placeholders `ownerId`, `limit` and `offset` (`listParams`); the
 * benchmark's baseline runs the same SQL (`.toSQL()`).
 */
export function listQuery(db: DbOrTx, joins: VideoJoins, filter: ListFilter) {
  const order = filter.newestFirst ? newestFirst : oldestFirst;
  const owner = filter.ownerId !== undefined ? sql.placeholder('ownerId') : undefined;
  const page = db
    .select({ pageId: videos.id, total: sql<number | string>`${listTotal(filter)}`.as('total') })
    .from(videos)
    .where(listWhere(filter, owner))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return selectVideos(db, joins, { total: sql<number | string>`${page.total}` })
    .innerJoin(page, eq(page.pageId, videos.id))
    .orderBy(...order);
}

export const listParams = (filter: ListFilter) => ({
  ownerId: filter.ownerId,
  limit: filter.limit,
  offset: filter.offset,
});

/** A page of videos and how many match in all. */
export async function listVideos(db: DbOrTx, joins: VideoJoins, filter: ListFilter) {
  const shape = [filter.approved, filter.ownerId !== undefined, !!filter.standaloneOnly, filter.newestFirst];
  const name = `videos_list_${shape.map(String).join('_')}`;
  const rows = await prepared(db, name, (statementName) =>
    listQuery(db, joins, filter).prepare(statementName),
  ).execute(listParams(filter));
  if (rows.length) return { rows, count: Number(rows[0]!.total) };
  if (filter.offset === 0) return { rows, count: 0 };
  // Past the last page: the total still answers `count`.
  const [row] = ownVideos(filter)
    ? await db.select({ total: count() }).from(videos).where(listWhere(filter))
    : await db
        .execute<{ total: number | string }>(
          sql`select coalesce(sum(${videoCounts.videos}), 0) as total from ${videoCounts}${counterWhere(filter)}`,
        )
        .then((result) => result.rows);
  return { rows, count: Number(row?.total ?? 0) };
}

/**
 * The most matches a search ranks and pages through: the newest this many (docs/spec-decisions.md,
 * "Search"). `count` is then exact for what can be paged through.
 */
export const SEARCH_MATCH_LIMIT = 1000;
/** The newest approved videos sampled to tell a common term from a rare one… */
const PROBE_ROWS = 200;
/** …and how many of them must match for the term to count as common (10%). */
const PROBE_COMMON = 20;

/**
 * The newest `SEARCH_MATCH_LIMIT` approved videos matching `query` (id, created_at, search_vector),
 * fetched the way that is cheap for the term. A sample of the newest approved videos decides:
 * - a common term (at least 10% of the sample matches) walks the newest-first index and stops at
 *   the limit: ~1,000 rows read even when every video matches, where the GIN index would hand
 *   over all 100k matches to sort;
 * - any other term asks the GIN index, which is cheap for few matches and, unlike the walk, does
 *   not read every video when nothing matches.
 * Both branches return the same rows; the fences (`offset 0`) keep each one's plan. The branch not
 * taken is skipped by its one-time filter.
 */
function searchCandidates(query: SQL): SQL {
  const limit = sql.raw(String(SEARCH_MATCH_LIMIT));
  return sql`
    probe as (
      select count(*) >= ${sql.raw(String(PROBE_COMMON))} as common from (
        select search_vector from videos where is_approved
        order by created_at desc nulls last, id desc nulls last limit ${sql.raw(String(PROBE_ROWS))}
      ) as newest
      where search_vector @@ ${query}
    ),
    candidates as (
      (select id, created_at, search_vector from (
         select id, created_at, search_vector from videos where is_approved
         order by created_at desc nulls last, id desc nulls last offset 0
       ) as walk
       where (select common from probe) and search_vector @@ ${query}
       limit ${limit})
      union all
      (select id, created_at, search_vector from (
         select id, created_at, search_vector from videos
         where is_approved and search_vector @@ ${query} offset 0
       ) as matched
       where not (select common from probe)
       order by created_at desc nulls last, id desc nulls last
       limit ${limit})
    )`;
}

/**
 * Ranked full-text search over approved videos: the newest `SEARCH_MATCH_LIMIT` matches, ranked by
 * `ts_rank_cd`, then newest first; each row carries how many matches there are (at most the limit).
 * A single statement with placeholders `query` (from `toPrefixTsQuery`, so it always parses),
 * `limit` and `offset`.
 */
export function searchQuery(db: DbOrTx, joins: VideoJoins) {
  const query = sql`to_tsquery('simple', ${sql.placeholder('query')})`;
  const ranked = sql`(
    with ${searchCandidates(query)}
    select id as page_id, count(*) over () as total,
      row_number() over (
        order by ts_rank_cd(search_vector, ${query}) desc, created_at desc nulls last, id desc nulls last
      ) as position
    from candidates
    order by position
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
  ) as page`;
  return selectVideos(db, joins, { total: sql<number | string>`page.total` })
    .innerJoin(ranked, sql`page.page_id = ${videos.id}`)
    .orderBy(sql`page.position`);
}

export async function searchVideos(
  db: DbOrTx,
  joins: VideoJoins,
  tsquery: string,
  page: { limit: number; offset: number },
) {
  const statement = prepared(db, 'videos_search', (statementName) =>
    searchQuery(db, joins).prepare(statementName),
  );
  const rows = await statement.execute({ query: tsquery, ...page });
  if (rows.length) return { rows, count: Number(rows[0]!.total) };
  if (page.offset === 0) return { rows, count: 0 };
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const result = await db.execute<{ total: number | string }>(
    sql`with ${searchCandidates(query)} select count(*) as total from candidates`,
  );
  return { rows, count: Number(result.rows[0]?.total ?? 0) };
}

export type NewVideo = typeof videos.$inferInsert;

/** Records an upload that became a video (the daily limit counts them; video_uploads). */
export async function recordVideoUpload(db: DbOrTx, ownerId: number, createdAt?: Date): Promise<void> {
  await db.insert(videoUploads).values({ ownerId, ...(createdAt ? { createdAt } : {}) });
}

/** Forgets uploads older than `before` (outside every limit's window). */
export async function removeOldVideoUploads(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(videoUploads).where(lt(videoUploads.createdAt, before));
}

export async function insertVideo(db: DbOrTx, values: NewVideo): Promise<number> {
  const [row] = await db.insert(videos).values(values).returning({ id: videos.id });
  return row!.id;
}

/**
 * Inserts the video of a finished resumable upload unless that upload already has one (the
 * unique `upload_id`): the new id, or null when another finish was first.
 */
export async function insertVideoOnce(
  db: DbOrTx,
  values: NewVideo & { uploadId: string },
): Promise<number | null> {
  const [row] = await db
    .insert(videos)
    .values(values)
    .onConflictDoNothing({ target: videos.uploadId })
    .returning({ id: videos.id });
  return row?.id ?? null;
}

/** The video made from a resumable upload, if any. */
export async function findVideoIdByUpload(db: DbOrTx, uploadId: string): Promise<number | undefined> {
  const [row] = await db.select({ id: videos.id }).from(videos).where(eq(videos.uploadId, uploadId));
  return row?.id;
}

/** The keys an original in `folder` can have, one per accepted type. */
const originalKeysIn = (folder: string) =>
  Object.values(EXTENSION_OF).map((extension) => `${folder}original.${extension}`);

/**
 * Whether the video whose files are in `folder` (`videos/<uuid>/`) is approved; undefined when
 * none is. /media asks it for every file it serves without a signature (each HLS segment, each
 * poster): one prepared statement, one probe of `videos_original_key_idx`.
 */
export async function findApprovalByFolder(db: DbOrTx, folder: string): Promise<boolean | undefined> {
  const statement = prepared(db, 'videos_approval_by_folder', (statementName) =>
    db
      .select({ isApproved: videos.isApproved })
      .from(videos)
      .where(sql`${videos.originalKey} = any(${sql.placeholder('keys')}::text[])`)
      .limit(1)
      .prepare(statementName),
  );
  const [row] = await statement.execute({ keys: originalKeysIn(folder) });
  return row?.isApproved;
}

/** What a creator stores and uploads, for the quotas (issue 18, M5). */
export async function uploadUsage(
  db: DbOrTx,
  ownerId: number,
  since: Date,
): Promise<{ bytes: number; videosSince: number; processing: number }> {
  const [uploads] = await db
    .select({ n: count() })
    .from(videoUploads)
    .where(and(eq(videoUploads.ownerId, ownerId), gte(videoUploads.createdAt, since)));
  const [row] = await db
    .select({
      // The originals and their caption tracks (issue 30).
      bytes: sql<string>`coalesce(sum(${videos.sizeBytes} + (select coalesce(sum((track->>'bytes')::bigint), 0) from jsonb_array_elements(${videos.captions}) as track)), 0)`,
      processing: sql<number>`count(*) filter (where ${videos.status} = 'processing')`,
    })
    .from(videos)
    .where(eq(videos.ownerId, ownerId));
  return {
    bytes: Number(row?.bytes ?? 0),
    // Uploads that became videos in the window, deleted ones too (video_uploads).
    videosSince: Number(uploads?.n ?? 0),
    processing: Number(row?.processing ?? 0),
  };
}

export async function updateVideo(db: DbOrTx, id: number, values: Partial<NewVideo>): Promise<void> {
  await db
    .update(videos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(videos.id, id));
}

export type ReviewDecision = { status: 'approved' } | { status: 'rejected'; reason: string };

/**
 * Records staff's decision on a video that is still pending, atomically: of two concurrent
 * decisions exactly one finds the row pending and gets it back; the other gets undefined.
 * `is_approved` follows the decision (the library, search and counts read it).
 */
export async function decideVideo(
  db: DbOrTx,
  id: number,
  decision: ReviewDecision,
  by: { reviewerId: number | null; at: Date },
) {
  const approved = decision.status === 'approved';
  const [row] = await db
    .update(videos)
    .set({
      reviewStatus: decision.status,
      reviewReason: approved ? null : decision.reason,
      reviewedBy: by.reviewerId,
      reviewedAt: by.at,
      isApproved: approved,
      approvedAt: approved ? by.at : null,
      updatedAt: by.at,
    })
    .where(and(eq(videos.id, id), eq(videos.reviewStatus, 'pending')))
    .returning({ id: videos.id, title: videos.title, ownerId: videos.ownerId });
  return row;
}

/** Whether a video exists (to tell "already decided" from "no such video"). */
export async function videoExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, id));
  return !!row;
}

export type ReviewFilter = 'pending' | 'approved' | 'rejected' | 'failed';

/** The review queue's order, spelled as `videos_review_idx` is (ASC NULLS LAST; created_at is never null). */
const reviewOrder = [sql`${videos.createdAt} asc`, sql`${videos.id} asc`];

/**
 * The review queue: videos by staff's decision (`failed`: processing failed, whatever the
 * decision), oldest first, with how many match in all. The page's ids and the total come from
 * `videos` alone (`videos_review_idx`, which carries the status too, so counting the waiting
 * videos reads the index only); only the page's rows are joined to their creator's profile and
 * contest (joining first hashed every user for 10,000 waiting videos).
 */
export async function listForReview(
  db: DbOrTx,
  joins: VideoJoins,
  filter: ReviewFilter,
  page: { limit: number; offset: number },
) {
  const where =
    filter === 'failed'
      ? eq(videos.status, 'failed')
      : and(eq(videos.reviewStatus, filter), sql`${videos.status} <> 'failed'`);
  // Built once per filter and prepared (the staff console's every page): placeholders `limit`, `offset`.
  const name = `videos_review_${filter}`;
  const statement = prepared(db, name, (statementName) => {
    const ids = db
      .select({ pageId: videos.id, total: sql<number | string>`count(*) over ()`.as('total') })
      .from(videos)
      .where(where)
      .orderBy(...reviewOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return selectVideos(db, joins, { total: sql<number | string>`${ids.total}` })
      .innerJoin(ids, eq(ids.pageId, videos.id))
      .orderBy(...reviewOrder)
      .prepare(statementName);
  });
  const rows = await statement.execute({ limit: page.limit, offset: page.offset });
  if (rows.length || page.offset === 0) return { rows, count: Number(rows[0]?.total ?? 0) };
  const [row] = await db.select({ n: count() }).from(videos).where(where);
  return { rows, count: row?.n ?? 0 };
}

export async function deleteVideo(db: DbOrTx, id: number): Promise<void> {
  await db.delete(videos).where(eq(videos.id, id));
}

/** Which videos' search documents to rebuild: these ids, one creator's videos, or every video. */
export type SearchTargets = number[] | { ownerId: number } | undefined;

/**
 * The next `limit` videos of `which` after id `afterId` (in id order), with what their search
 * document names: the owner, and the brand (the video's own, else its contest's).
 */
export function findSearchTargets(db: DbOrTx, which: SearchTargets, afterId: number, limit: number) {
  return db
    .select({
      id: videos.id,
      ownerId: videos.ownerId,
      // Spelled out: a select from one table renders its columns unqualified.
      brandId: sql<number | null>`coalesce(videos.brand_id, videos.contest_brand_id)`,
    })
    .from(videos)
    .where(
      and(
        sql`${videos.id} > ${afterId}`,
        Array.isArray(which)
          ? inArray(videos.id, which.length ? which : [0])
          : which
            ? eq(videos.ownerId, which.ownerId)
            : undefined,
      ),
    )
    .orderBy(videos.id)
    .limit(limit);
}

/**
 * Writes the weighted search documents of these videos: title (A), brand and creator name (B),
 * description (C); `brand` and `creator` as given (null: none). Sent as one JSON parameter.
 */
export async function writeSearchDocuments(
  db: DbOrTx,
  documents: Array<{ id: number; brand: string | null; creator: string | null }>,
): Promise<void> {
  if (!documents.length) return;
  await db.execute(sql`
    update ${videos} set search_vector =
      setweight(to_tsvector('simple', ${videos.title}), 'A') ||
      setweight(to_tsvector('simple', coalesce(d.brand, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(d.creator, '')), 'B') ||
      setweight(to_tsvector('simple', ${videos.description}), 'C')
    from jsonb_to_recordset(${JSON.stringify(documents)}::jsonb) as d(id integer, brand text, creator text)
    where ${videos.id} = d.id`);
}

/**
 * Adds the caption track `key` in `language` to a video, replacing the track in the same language
 * (compared without case); returns the replaced track's key. Row-locked, so two uploads at once
 * cannot lose one another's track.
 */
export async function replaceCaption(
  db: DbOrTx,
  id: number,
  language: string,
  key: string,
  bytes: number,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ captions: videos.captions })
      .from(videos)
      .where(eq(videos.id, id))
      .for('update');
    if (!row) return undefined;
    const old = row.captions.find((c) => c.language.toLowerCase() === language.toLowerCase());
    const next = [...row.captions.filter((c) => c !== old), { language, key, bytes }].sort((a, b) =>
      a.language.localeCompare(b.language),
    );
    await tx.update(videos).set({ captions: next, updatedAt: new Date() }).where(eq(videos.id, id));
    return old?.key;
  });
}

/** The titles and view counts of these videos, by id (the creator dashboard's submissions). */
export function findVideoTitles(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  const statement = prepared(db, 'videos_titles_of', (statementName) =>
    db
      .select({ id: videos.id, title: videos.title, views: videos.views })
      .from(videos)
      .where(isAnyOf(videos.id))
      .prepare(statementName),
  );
  return statement.execute({ ids });
}

/** The creator's own videos, newest first (any processing state). */
export function findOwnVideos(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'videos_own_videos', (statementName) =>
    db
      .select({
        id: videos.id,
        title: videos.title,
        description: videos.description,
        contestId: videos.contestId,
        posterKey: videos.posterKey,
        status: videos.status,
        failureReason: videos.failureReason,
        processingStage: videos.processingStage,
        processingPercent: videos.processingPercent,
        isApproved: videos.isApproved,
        reviewStatus: videos.reviewStatus,
        reviewReason: videos.reviewReason,
        views: videos.views,
        likes: videos.likes,
        createdAt: videos.createdAt,
      })
      .from(videos)
      .where(eq(videos.ownerId, sql.placeholder('userId')))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .prepare(statementName),
  );
  return statement.execute({ userId });
}

/** How many videos the creator owns. */
export async function countOwnVideos(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(videos).where(eq(videos.ownerId, userId));
  return row?.n ?? 0;
}

/** What a delivery names of a video's original: its key, type, size and SHA-256 (null until computed). */
export async function findOriginal(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      key: videos.originalKey,
      type: videos.originalType,
      sizeBytes: videos.sizeBytes,
      sha256: videos.originalSha256,
      title: videos.title,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
}

/** Records the original's SHA-256 once (a second writer of the same bytes changes nothing). */
export async function setOriginalSha256(db: DbOrTx, id: number, sha256: string): Promise<void> {
  await db
    .update(videos)
    .set({ originalSha256: sha256 })
    .where(and(eq(videos.id, id), isNull(videos.originalSha256)));
}
