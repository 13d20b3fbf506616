import type { DbOrTx } from '../../db/client';
import { contestFactsOf } from '../contests';
import { findVideoAwards } from '../judging';

/**
 * Of `videoIds`, the masters delivered to brand `brandId`: each the judged (newest) version of an
 * entry that placed in a contest of that brand whose results are published, as a delivery names
 * its master. Videos asks it (`VideosPorts.mastersDeliveredToBrand`, wired by modules/index.ts) so
 * that `canDownloadOriginal` lets a brand have exactly the originals its deliveries give it. Two
 * queries for any number of videos.
 */
export async function mastersDeliveredToBrand(
  db: DbOrTx,
  brandId: number,
  videoIds: number[],
): Promise<Set<number>> {
  const placed = await findVideoAwards(db, [...new Set(videoIds)]);
  if (!placed.size) return new Set();
  const contests = await contestFactsOf(
    db,
    [...placed.values()].map((award) => award.contest_id),
  );
  return new Set(
    [...placed].flatMap(([videoId, award]) =>
      contests.get(award.contest_id)?.brandId === brandId ? [videoId] : [],
    ),
  );
}
