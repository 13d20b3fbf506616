import { desc, eq, inArray } from 'drizzle-orm';
import type { VideoRequirements } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { contestEntries, entryVersions } from '../../db/schema/index';
import { contestFactsOf, contestVideoRequirementsOf } from '../contests';

/**
 * What videos asks of entries about its videos (passed to videos as owners reads: entries sits
 * above videos): which were entered with a brand's contest, and whether one was entered at all.
 */

/**
 * Of `videoIds`, those entered (as any version of an entry) in a contest of brand `brandId`: the
 * entries' contests of these videos, then their brands asked of contests.
 */
export async function videosEnteredWithBrand(
  db: DbOrTx,
  brandId: number,
  videoIds: number[],
): Promise<Set<number>> {
  const ids = [...new Set(videoIds)];
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ videoId: entryVersions.videoId, contestId: contestEntries.contestId })
    .from(entryVersions)
    .innerJoin(contestEntries, eq(contestEntries.id, entryVersions.entryId))
    .where(inArray(entryVersions.videoId, ids));
  if (!rows.length) return new Set();
  const contests = await contestFactsOf(
    db,
    rows.map((row) => row.contestId),
  );
  return new Set(
    rows.flatMap((row) =>
      row.videoId !== null && contests.get(row.contestId)?.brandId === brandId ? [row.videoId] : [],
    ),
  );
}

/** Whether the video is a version of a contest entry (kept with the entry: entry_versions restricts). */
export async function isVideoEntered(db: DbOrTx, videoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: entryVersions.id })
    .from(entryVersions)
    .where(eq(entryVersions.videoId, videoId))
    .limit(1);
  return !!row;
}

/**
 * The video requirements of the contest the video is entered in (the contest of the newest entry
 * version carrying it), null when it is entered nowhere: videos' technical check judges the
 * video's stream facts against them (issue 51).
 */
export async function enteredVideoRequirements(
  db: DbOrTx,
  videoId: number,
): Promise<VideoRequirements | null> {
  const [row] = await db
    .select({ contestId: contestEntries.contestId })
    .from(entryVersions)
    .innerJoin(contestEntries, eq(contestEntries.id, entryVersions.entryId))
    .where(eq(entryVersions.videoId, videoId))
    .orderBy(desc(entryVersions.id))
    .limit(1);
  if (!row) return null;
  return (await contestVideoRequirementsOf(db, row.contestId)) ?? null;
}
