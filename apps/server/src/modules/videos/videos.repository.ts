import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, contests, creatorProfiles, users, videos } from '../../db/schema/index';

const videoColumns = {
  id: videos.id,
  ownerId: videos.ownerId,
  title: videos.title,
  description: videos.description,
  contestId: videos.contestId,
  contestTitle: contests.title,
  brandId: brands.id,
  brandName: brands.name,
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
  isApproved: videos.isApproved,
  views: videos.views,
  likes: videos.likes,
  createdAt: videos.createdAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorProfile: {
    userId: creatorProfiles.userId,
    experienceLevel: creatorProfiles.experienceLevel,
    avatarKey: creatorProfiles.avatarKey,
    country: creatorProfiles.country,
    bio: creatorProfiles.bio,
  },
};

// Spelled as the index is (DESC NULLS LAST), or PostgreSQL sorts every approved row instead of
// reading the first page straight from the index.
const newestFirst = [sql`${videos.createdAt} desc nulls last`, sql`${videos.id} desc nulls last`];
const oldestFirst = [sql`${videos.createdAt} asc nulls first`, sql`${videos.id} asc nulls first`];

export type VideoRow = Awaited<ReturnType<typeof findVideo>> & {};

/** Videos with their creator, brand (their own or their contest's) and contest. */
function selectVideos(db: DbOrTx) {
  return db
    .select(videoColumns)
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, videos.ownerId))
    .leftJoin(contests, eq(contests.id, videos.contestId))
    .leftJoin(brands, eq(brands.id, sql`coalesce(${videos.brandId}, ${contests.brandId})`));
}

export async function findVideo(db: DbOrTx, id: number) {
  const [row] = await selectVideos(db).where(eq(videos.id, id));
  return row;
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

function listWhere(filter: ListFilter): SQL | undefined {
  return and(
    filter.approved !== undefined ? eq(videos.isApproved, filter.approved) : undefined,
    filter.ownerId !== undefined ? eq(videos.ownerId, filter.ownerId) : undefined,
    filter.standaloneOnly ? isNull(videos.contestId) : undefined,
  );
}

/**
 * A page of videos, newest (or oldest) first, and how many match in all. The page's ids are
 * picked from `videos` alone (the partial index on approved videos, newest first, answers it
 * without a sort) and only those rows are joined to their creator, brand and contest.
 */
export async function listVideos(db: DbOrTx, filter: ListFilter) {
  const where = listWhere(filter);
  const order = filter.newestFirst ? newestFirst : oldestFirst;
  const page = db
    .select({ pageId: videos.id })
    .from(videos)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const [rows, [total]] = await Promise.all([
    selectVideos(db)
      .innerJoin(page, eq(page.pageId, videos.id))
      .orderBy(...order),
    db.select({ count: count() }).from(videos).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/**
 * Ranked full-text search over approved videos. `tsquery` comes from `toPrefixTsQuery`, so it
 * always parses.
 */
export async function searchVideos(db: DbOrTx, tsquery: string, page: { limit: number; offset: number }) {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const where = and(eq(videos.isApproved, true), sql`${videos.searchVector} @@ ${query}`);
  const [rows, [total]] = await Promise.all([
    selectVideos(db)
      .where(where)
      .orderBy(sql`ts_rank_cd(${videos.searchVector}, ${query}) desc`, ...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(videos).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export type NewVideo = typeof videos.$inferInsert;

export async function insertVideo(db: DbOrTx, values: NewVideo): Promise<number> {
  const [row] = await db.insert(videos).values(values).returning({ id: videos.id });
  return row!.id;
}

export async function updateVideo(db: DbOrTx, id: number, values: Partial<NewVideo>): Promise<void> {
  await db
    .update(videos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(videos.id, id));
}

export async function deleteVideo(db: DbOrTx, id: number): Promise<void> {
  await db.delete(videos).where(eq(videos.id, id));
}

/**
 * Rebuilds the weighted search document: title (A), brand and creator name (B), description (C).
 * Call it after a change to any of them; with no ids it rebuilds every video.
 */
export async function refreshSearchVectors(db: DbOrTx, ids?: number[]): Promise<void> {
  await db
    .update(videos)
    .set({
      searchVector: sql`
        setweight(to_tsvector('simple', ${videos.title}), 'A') ||
        setweight(to_tsvector('simple', coalesce((
          select b.name from brands b
          where b.id = coalesce(${videos.brandId}, (select c.brand_id from contests c where c.id = ${videos.contestId}))
        ), '')), 'B') ||
        setweight(to_tsvector('simple', coalesce((
          select u.first_name || ' ' || u.last_name from users u where u.id = ${videos.ownerId}
        ), '')), 'B') ||
        setweight(to_tsvector('simple', ${videos.description}), 'C')`,
    })
    .where(ids ? inArray(videos.id, ids) : undefined);
}
