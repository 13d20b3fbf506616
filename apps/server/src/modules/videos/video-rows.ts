import type { DbOrTx } from '../../db/client';
import { brandNamesOf, namesOf } from '../accounts';
import * as repo from './videos.repository';
import type { VideoCreatorProfile } from './videos.ports';

/**
 * Videos as the API shows them: videos reads, pages and sorts its own rows, joined to the owners'
 * subqueries of their creator's profile and contest (repository), then asks accounts for the
 * page's creators and brands, one query each for all the rows (issue 28: videos names no other
 * module's table).
 */

/** What accounts tells of a video's creator and brand, and its creator's profile. */
interface Facts {
  creatorFirstName: string;
  creatorLastName: string;
  brandName: string | null;
  creatorProfile: VideoCreatorProfile | null;
}

/** A video with its creator's name, profile, contest and brand. */
export type VideoRow = repo.StoredVideoRow & Facts;

/** What accounts tells of these videos' owners and brands: one query for each. */
async function accountNamesOf(db: DbOrTx, rows: Array<{ ownerId: number; brandId: number | null }>) {
  const [names, brands] = await Promise.all([
    namesOf(
      db,
      rows.map((row) => row.ownerId),
    ),
    brandNamesOf(
      db,
      rows.flatMap((row) => (row.brandId === null ? [] : [row.brandId])),
    ),
  ]);
  return { names, brands };
}

/** The creator's profile of a row read with it (null when the creator has none). */
function profileOf(row: repo.StoredVideoRow): VideoCreatorProfile | null {
  if (row.profileUserId === null) return null;
  return {
    userId: row.profileUserId,
    experienceLevel: row.profileExperienceLevel,
    avatarKey: row.profileAvatarKey,
    country: row.profileCountry!,
    bio: row.profileBio!,
  };
}

/** The reads of videos as the API shows them (`joins`: the owners' subqueries their rows join). */
export function createVideoRows(joins: repo.VideoJoins) {
  /**
   * `rows` with their creator's name (and e-mail) and profile and their brand name, in the same
   * order; a row whose owner is gone is left out, as the join it replaces did. The facts are set on
   * the rows just read rather than copied with them into new objects: copying each row's forty
   * fields was a large part of the entries list's garbage (`bench/full/profile.ts`).
   */
  async function withNames<R extends repo.StoredVideoRow>(
    db: DbOrTx,
    rows: R[],
  ): Promise<Array<R & Facts & { creatorEmail: string }>> {
    if (!rows.length) return [];
    const { names, brands } = await accountNamesOf(db, rows);
    return rows.flatMap((row) => {
      const name = names.get(row.ownerId);
      if (!name) return [];
      return [
        Object.assign(row, {
          creatorFirstName: name.firstName,
          creatorLastName: name.lastName,
          creatorEmail: name.email,
          brandName: row.brandId === null ? null : (brands.get(row.brandId) ?? null),
          creatorProfile: profileOf(row),
        }),
      ];
    });
  }

  return {
    /** One video with its creator, brand and contest. */
    async findVideo(db: DbOrTx, id: number): Promise<VideoRow | undefined> {
      const row = await repo.findVideo(db, joins, id);
      return row ? (await withNames(db, [row]))[0] : undefined;
    },

    /** A page of videos and how many match in all. */
    async listVideos(db: DbOrTx, filter: repo.ListFilter) {
      const { rows, count } = await repo.listVideos(db, joins, filter);
      return { rows: await withNames(db, rows), count };
    },

    /** A page of the ranked full-text search and how many match (at most `SEARCH_MATCH_LIMIT`). */
    async searchVideos(db: DbOrTx, tsquery: string, page: { limit: number; offset: number }) {
      const { rows, count } = await repo.searchVideos(db, joins, tsquery, page);
      return { rows: await withNames(db, rows), count };
    },

    /** A page of the review queue with each creator's e-mail, and how many match. */
    async listForReview(db: DbOrTx, filter: repo.ReviewFilter, page: { limit: number; offset: number }) {
      const { rows, count } = await repo.listForReview(db, joins, filter, page);
      return { rows: await withNames(db, rows), count };
    },
  };
}
export type VideoRows = ReturnType<typeof createVideoRows>;

/** The e-mail address of a video's owner. */
export async function findOwnerEmail(db: DbOrTx, ownerId: number): Promise<string | undefined> {
  return (await namesOf(db, [ownerId])).get(ownerId)?.email;
}

/** How many search documents one batch rebuilds (its owners and brands are asked in one query each). */
const SEARCH_BATCH = 1000;

/**
 * Rebuilds the weighted search document: title (A), brand and creator name (B), description (C).
 * The names are asked of accounts, a batch of videos at a time, and written into videos' own
 * `search_vector`, which the search ranks by. Call it after a change to any of them: with ids for
 * those videos, with `{ ownerId }` for one creator's videos (a rename), with nothing for every video.
 */
export async function refreshSearchVectors(db: DbOrTx, which?: repo.SearchTargets): Promise<void> {
  for (let afterId = 0; ;) {
    const targets = await repo.findSearchTargets(db, which, afterId, SEARCH_BATCH);
    if (!targets.length) return;
    const { names, brands } = await accountNamesOf(db, targets);
    await repo.writeSearchDocuments(
      db,
      targets.map((t) => {
        const name = names.get(t.ownerId);
        return {
          id: t.id,
          brand: t.brandId === null ? null : (brands.get(t.brandId) ?? null),
          creator: name ? `${name.firstName} ${name.lastName}` : null,
        };
      }),
    );
    if (targets.length < SEARCH_BATCH) return;
    afterId = targets[targets.length - 1]!.id;
  }
}
