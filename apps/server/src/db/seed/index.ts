import type { AppDeps } from '../../app-deps';
import { createContestsService } from '../../modules/contests';
import {
  CHAIR_CONTEST_ID,
  CHAIR_CONTEST_PRODUCT_IDS,
  chairContest,
  HBADA,
  HBADA_BRAND_ID,
} from './chair-contest';

export { chairContestTimeline, CHAIR_CONTEST_TIMEZONE } from './chair-contest';

export type SeedDeps = Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage'>;

/**
 * Seeds what the spec's pages need — the Hbada brand and its chair contest with the three chairs —
 * through the contests service, once, and only into a database with no brand and no contest.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(deps: SeedDeps, now = new Date()): Promise<boolean> {
  return createContestsService(deps).whenCatalogEmpty(async (contests) => {
    await contests.createBrand(HBADA, { id: HBADA_BRAND_ID });
    await contests.createContest(chairContest(now), {
      id: CHAIR_CONTEST_ID,
      productIds: CHAIR_CONTEST_PRODUCT_IDS,
    });
  });
}
