import { and, desc, eq, inArray, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contestEntries, entryVersions } from '../../db/schema/index';

/** Which entries: a contest's, a creator's, these, or those with a version of these videos. */
export interface LatestVersionsFilter {
  contestId?: number | Placeholder;
  /** A round's entries (issue 47): a contest's sheet, ranking and results are its last round's. */
  roundId?: number | Placeholder;
  userId?: number | Placeholder;
  entryIds?: number[];
  /** Only entries one of whose versions (any, not only the newest) has a video that matches. */
  withVideo?: (videoId: SQLWrapper) => SQL;
}

/**
 * The newest version of each entry that has one — the version that is judged, shown and awarded —
 * with its entry's contest, entrant and status: what the entries module answers when another module
 * asks for "the latest versions" (the only place that query is written). It is a subquery aliased
 * `latest`, so a caller's list, joined to its own tables, stays one statement.
 */
export function latestVersions(db: DbOrTx, filter: LatestVersionsFilter) {
  return db
    .selectDistinctOn([entryVersions.entryId], {
      entryId: entryVersions.entryId,
      contestId: contestEntries.contestId,
      roundId: contestEntries.roundId,
      userId: contestEntries.userId,
      wildcard: contestEntries.wildcard,
      status: contestEntries.status,
      version: entryVersions.version,
      /** Null for an idea round's entry (its title and text instead). */
      videoId: entryVersions.videoId,
      title: entryVersions.title,
      text: entryVersions.text,
      submittedAt: entryVersions.createdAt,
    })
    .from(entryVersions)
    .innerJoin(contestEntries, eq(contestEntries.id, entryVersions.entryId))
    .where(
      and(
        filter.contestId === undefined ? undefined : eq(contestEntries.contestId, filter.contestId),
        filter.roundId === undefined ? undefined : eq(contestEntries.roundId, filter.roundId),
        filter.userId === undefined ? undefined : eq(contestEntries.userId, filter.userId),
        filter.entryIds
          ? inArray(contestEntries.id, filter.entryIds.length ? filter.entryIds : [0])
          : undefined,
        filter.withVideo
          ? inArray(
              entryVersions.entryId,
              db
                .select({ entryId: entryVersions.entryId })
                .from(entryVersions)
                .where(filter.withVideo(entryVersions.videoId)),
            )
          : undefined,
      ),
    )
    .orderBy(entryVersions.entryId, desc(entryVersions.version))
    .as('latest');
}
