import { eq } from 'drizzle-orm';
import {
  DEFAULT_LICENCE_TERMS,
  licenceTermsSchema,
  videoRequirementsSchema,
  type LicenceTerms,
  type VideoRequirements,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { contests, products } from '../../db/schema/index';

/** What other modules show of a contest beside their own rows. */
export type ContestFacts = Pick<
  typeof contests.$inferSelect,
  | 'title'
  | 'brandId'
  | 'description'
  | 'thumbnailUrl'
  | 'prizeCents'
  | 'currency'
  | 'submissionDeadline'
  | 'winnersAt'
  | 'timezone'
>;

/**
 * The titles, brands, descriptions, thumbnails, prizes, dates and time zones of these contests, by
 * id, in one query: what other modules ask contests instead of reading `contests` themselves (the
 * reviewers' entries list, the creator dashboard). Ids without a contest are absent from the map.
 */
export async function contestFactsOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, ContestFacts>> {
  const ids = [...new Set(contestIds)];
  if (!ids.length) return new Map();
  // The entries list and the creator dashboard ask on every request: prepared, like `namesOf`.
  const statement = prepared(db, 'contests_facts_of', (statementName) =>
    db
      .select({
        id: contests.id,
        title: contests.title,
        brandId: contests.brandId,
        description: contests.description,
        thumbnailUrl: contests.thumbnailUrl,
        prizeCents: contests.prizeCents,
        currency: contests.currency,
        submissionDeadline: contests.submissionDeadline,
        winnersAt: contests.winnersAt,
        timezone: contests.timezone,
      })
      .from(contests)
      .where(isAnyOf(contests.id))
      .prepare(statementName),
  );
  const rows = await statement.execute({ ids });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * What the contest asks of a video file (its `video_requirements`, defaults filled in), undefined
 * without the contest: a video's technical check judges its stream facts against them (issue 51).
 */
export async function contestVideoRequirementsOf(
  db: DbOrTx,
  contestId: number,
): Promise<VideoRequirements | undefined> {
  const [row] = await db
    .select({ requirements: contests.videoRequirements })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row ? videoRequirementsSchema.parse(row.requirements ?? {}) : undefined;
}

/**
 * The grant a contest's agreement states in fields (issue 51), defaults filled in; undefined
 * without the contest. Delivery copies it onto each licence it issues.
 */
export async function contestLicenceTermsOf(
  db: DbOrTx,
  contestId: number,
): Promise<LicenceTerms | undefined> {
  const [row] = await db
    .select({ terms: contests.licenceTerms })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row ? licenceTermsSchema.parse(row.terms ?? DEFAULT_LICENCE_TERMS) : undefined;
}

/** The titles of these contests, by id (`contestFactsOf`, narrowed). */
export async function contestTitlesOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, string>> {
  const facts = await contestFactsOf(db, contestIds);
  return new Map([...facts].map(([id, contest]) => [id, contest.title]));
}

/** The codes and names of these products, by id, in one query (the applications list's products). */
export async function productNamesOf(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, { id: number; code: string; name: string }>> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return new Map();
  const statement = prepared(db, 'contests_product_names_of', (statementName) =>
    db
      .select({ id: products.id, code: products.code, name: products.name })
      .from(products)
      .where(isAnyOf(products.id))
      .prepare(statementName),
  );
  const rows = await statement.execute({ ids });
  return new Map(rows.map((product) => [product.id, product]));
}

/**
 * A creator's latest acceptance of a contest's agreement (`{version, sha256, accepted_at}`), or
 * null: the agreement hash the licence certificate names.
 */
export { acceptedAgreement } from './contest-agreements';

/**
 * Contests' titles as a subquery aliased `video_contest` (id, title) for videos' statements to
 * left-join their rows to (the contest a video was entered in), in their one statement as
 * `videoCreatorProfiles` is.
 */
export function videoContestTitles(db: DbOrTx) {
  return db.select({ id: contests.id, title: contests.title }).from(contests).as('video_contest');
}
