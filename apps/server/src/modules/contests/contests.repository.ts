import { and, asc, eq, exists, gt, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { contestLandingSchema, videoRequirementsSchema } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { parsedOnce } from '../../db/stored-json';
import { contestProducts, contests, products } from '../../db/schema/index';
import { brandCardsOf, type BrandCard } from '../accounts';

/** Stored page content and requirements with their defaults, parsed once per distinct text. */
const readVideoRequirements = parsedOnce(videoRequirementsSchema);
const readLanding = parsedOnce(contestLandingSchema);

const contestColumns = {
  id: contests.id,
  slug: contests.slug,
  title: contests.title,
  tagline: contests.tagline,
  description: contests.description,
  thumbnailUrl: contests.thumbnailUrl,
  bannerUrl: contests.bannerUrl,
  prizeCents: contests.prizeCents,
  currency: contests.currency,
  eligibility: contests.eligibility,
  brief: contests.brief,
  requirements: contests.requirements,
  // Shared and frozen (db/stored-json.ts): read-only for every reader.
  videoRequirements: sql`${contests.videoRequirements}::text`.mapWith(readVideoRequirements),
  landing: sql`${contests.landing}::text`.mapWith(readLanding),
  licenceTerms: contests.licenceTerms,
  timezone: contests.timezone,
  startsAt: contests.startsAt,
  applicationDeadline: contests.applicationDeadline,
  submissionDeadline: contests.submissionDeadline,
  judgingStartsAt: contests.judgingStartsAt,
  judgingEndsAt: contests.judgingEndsAt,
  winnersAt: contests.winnersAt,
  publicationStatus: contests.publicationStatus,
  rubric: contests.rubric,
  approvalsRequired: contests.approvalsRequired,
  brandId: contests.brandId,
};

type StoredContest = Awaited<ReturnType<typeof listContestRows>>[number];
/** A contest with its brand (asked of accounts, which owns brands). */
export type ContestRow = StoredContest & { brand: BrandCard };

/** The contests with their brands, read in one query for all (a contest without one is left out). */
async function withBrands(db: DbOrTx, rows: StoredContest[]): Promise<ContestRow[]> {
  const brands = await brandCardsOf(
    db,
    rows.map((row) => row.brandId),
  );
  // Set on the rows just read: a rest copy without the brand id, then a spread with the brand, made
  // two objects of each 24-field row (see judging's judged-entries for what that cost).
  return rows.flatMap((row) => {
    const brand = brands.get(row.brandId);
    return brand ? [Object.assign(row, { brand })] : [];
  });
}

/** Which contests a list shows: published ones, plus the drafts of a brand (or all drafts: 'all'). */
export interface ListVisibility {
  drafts: 'none' | 'all' | { brandId: number };
}

/** The listed contests with their brand, soonest start first (archived ones never). */
export async function listContests(
  db: DbOrTx,
  visibility: ListVisibility = { drafts: 'none' },
): Promise<ContestRow[]> {
  return withBrands(db, await listContestRows(db, visibility));
}

function listContestRows(db: DbOrTx, visibility: ListVisibility) {
  const published = eq(contests.publicationStatus, 'published');
  const drafts = visibility.drafts;
  let where: SQL | undefined = published;
  if (drafts === 'all') where = ne(contests.publicationStatus, 'archived');
  else if (drafts !== 'none')
    where = or(published, and(eq(contests.publicationStatus, 'draft'), eq(contests.brandId, drafts.brandId)));
  return db
    .select(contestColumns)
    .from(contests)
    .where(where)
    .orderBy(asc(contests.startsAt), asc(contests.id));
}

/**
 * How a statement finds one contest by numeric id or by slug (the `ref` placeholder): its name's
 * suffix and its condition. Contest pages and their products read a contest on every request, so
 * these reads are prepared once per shape.
 */
function byRef(idOrSlug: number | string) {
  return typeof idOrSlug === 'number'
    ? { shape: 'id', where: eq(contests.id, sql.placeholder('ref')) }
    : { shape: 'slug', where: eq(contests.slug, sql.placeholder('ref')) };
}

/** One contest by numeric id or by slug. */
export async function findContest(db: DbOrTx, idOrSlug: number | string): Promise<ContestRow | undefined> {
  const ref = byRef(idOrSlug);
  const statement = prepared(db, `contests_find_${ref.shape}`, (statementName) =>
    db.select(contestColumns).from(contests).where(ref.where).limit(1).prepare(statementName),
  );
  const [row] = await withBrands(db, await statement.execute({ ref: idOrSlug }));
  return row;
}

/**
 * A contest's id, brand and publication status by numeric id or by slug: what a module that only
 * checks who runs a contest needs (the reviewers' entries list), without its page content, brand
 * card and products (three statements less than `findContest` and the contest's products).
 */
export async function findContestOwner(db: DbOrTx, idOrSlug: number | string) {
  const ref = byRef(idOrSlug);
  const statement = prepared(db, `contests_owner_${ref.shape}`, (statementName) =>
    db
      .select({ id: contests.id, brandId: contests.brandId, publicationStatus: contests.publicationStatus })
      .from(contests)
      .where(ref.where)
      .limit(1)
      .prepare(statementName),
  );
  const [row] = await statement.execute({ ref: idOrSlug });
  return row;
}

const productColumns = {
  id: products.id,
  code: products.code,
  name: products.name,
  description: products.description,
  concept: products.concept,
  features: products.features,
  imageUrl: products.imageUrl,
  stockQuantity: products.stockQuantity,
};
export type ProductRow = Awaited<ReturnType<typeof listBrandProducts>>[number];
export type ContestProductRow = Awaited<ReturnType<typeof listProductsOfContests>>[number];

/**
 * A brand's public catalogue: its products offered by a published or archived contest. A product
 * offered only by drafts, or by no contest (removed from a draft), is left out: a draft is seen by
 * its brand and staff only, its products included (they read them through the contest).
 */
export function listBrandProducts(db: DbOrTx, brandId: number) {
  const released = db
    .select({ one: sql`1` })
    .from(contestProducts)
    .innerJoin(contests, eq(contests.id, contestProducts.contestId))
    .where(and(eq(contestProducts.productId, products.id), ne(contests.publicationStatus, 'draft')));
  return db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.brandId, brandId), exists(released)))
    .orderBy(asc(products.id));
}

export function listContestProducts(db: DbOrTx, contestId: number) {
  const statement = prepared(db, 'contest_products_list', (statementName) =>
    db
      .select(productColumns)
      .from(contestProducts)
      .innerJoin(products, eq(products.id, contestProducts.productId))
      .where(eq(contestProducts.contestId, sql.placeholder('contestId')))
      .orderBy(asc(contestProducts.position), asc(products.id))
      .prepare(statementName),
  );
  return statement.execute({ contestId });
}

/** The products of each of `contestIds`, in each contest's order, with their fallback status. */
export function listProductsOfContests(db: DbOrTx, contestIds: number[]) {
  const select = () =>
    db
      .select({
        ...productColumns,
        contestId: contestProducts.contestId,
        fallbackStatus: contestProducts.fallbackStatus,
      })
      .from(contestProducts)
      .innerJoin(products, eq(products.id, contestProducts.productId));
  const order = [asc(contestProducts.contestId), asc(contestProducts.position), asc(products.id)];
  if (contestIds.length === 1) {
    // One contest's page (the common case): prepared.
    const statement = prepared(db, 'contest_products_of_one', (statementName) =>
      select()
        .where(eq(contestProducts.contestId, sql.placeholder('contestId')))
        .orderBy(...order)
        .prepare(statementName),
    );
    return statement.execute({ contestId: contestIds[0] });
  }
  return select()
    .where(inArray(contestProducts.contestId, contestIds.length ? contestIds : [-1]))
    .orderBy(...order);
}

export async function isProductOffered(db: DbOrTx, contestId: number, productId: number): Promise<boolean> {
  const rows = await db
    .select({ productId: contestProducts.productId })
    .from(contestProducts)
    .where(and(eq(contestProducts.contestId, contestId), eq(contestProducts.productId, productId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes one unit of stock if any is left, atomically: the row lock of the conditional UPDATE makes
 * concurrent callers queue, and each re-checks `stock_quantity > 0` after the previous one commits.
 * Returns the stock left, or null when there was none.
 */
export async function reserveOneUnit(tx: DbOrTx, productId: number): Promise<number | null> {
  const [row] = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - 1` })
    .where(and(eq(products.id, productId), gt(products.stockQuantity, 0)))
    .returning({ stockQuantity: products.stockQuantity });
  return row ? row.stockQuantity : null;
}

/** Serialises catalogue writers that must see each other's rows (first-start seeding). */
export async function lockCatalog(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
}

/** Whether no contest exists yet. */
export async function noContestExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: contests.id }).from(contests).limit(1);
  return rows.length === 0;
}

type IdentityTable = 'contests' | 'products';

/**
 * Moves a table's id sequence to at least `atLeast` and past every existing id: after rows were
 * inserted with explicit ids.
 */
export async function advanceIdentity(tx: DbOrTx, table: IdentityTable, atLeast = 1): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest(${atLeast}::bigint, (select coalesce(max(id), 0) from ${sql.identifier(table)})))`,
  );
}

export async function contestSlugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: contests.id }).from(contests).where(eq(contests.slug, slug)).limit(1);
  return rows.length > 0;
}

export type NewContest = typeof contests.$inferInsert;

export async function insertContest(tx: DbOrTx, values: NewContest): Promise<number> {
  const [row] = await tx.insert(contests).values(values).returning({ id: contests.id });
  return row!.id;
}

export type NewProduct = typeof products.$inferInsert;

export async function insertProduct(tx: DbOrTx, values: NewProduct): Promise<number> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export type NewContestProduct = typeof contestProducts.$inferInsert;

export async function insertContestProducts(tx: DbOrTx, rows: NewContestProduct[]): Promise<void> {
  if (rows.length) await tx.insert(contestProducts).values(rows);
}

export async function updateContest(tx: DbOrTx, id: number, values: Partial<NewContest>): Promise<void> {
  await tx
    .update(contests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contests.id, id));
}

export async function updateProduct(
  tx: DbOrTx,
  id: number,
  values: Omit<Partial<NewProduct>, 'stockQuantity' | 'id' | 'brandId'>,
): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
}

export async function updateContestProduct(
  tx: DbOrTx,
  contestId: number,
  productId: number,
  values: { position: number; fallbackStatus: 'available' | 'all_picked' | null },
): Promise<void> {
  await tx
    .update(contestProducts)
    .set(values)
    .where(and(eq(contestProducts.contestId, contestId), eq(contestProducts.productId, productId)));
}

/** Removes the contest's products other than `keep` (the caller checked no one applied for them). */
export async function removeContestProducts(tx: DbOrTx, contestId: number, keep: number[]): Promise<void> {
  await tx
    .delete(contestProducts)
    .where(
      and(
        eq(contestProducts.contestId, contestId),
        keep.length ? notInArray(contestProducts.productId, keep) : undefined,
      ),
    );
}

/**
 * Locks a product's row for the rest of the transaction (applications and declines wait) and
 * returns its units left; the units its applications hold are asked of applications after it.
 */
export async function lockProductStock(tx: DbOrTx, productId: number) {
  const [row] = await tx
    .select({ stockQuantity: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row ?? null;
}

export async function setStock(tx: DbOrTx, productId: number, stockQuantity: number): Promise<void> {
  await tx.update(products).set({ stockQuantity }).where(eq(products.id, productId));
}

/** A contest's row as stored (for the audit's before/after and for edits). */
export async function findContestRecord(db: DbOrTx, id: number) {
  const [row] = await db.select().from(contests).where(eq(contests.id, id)).limit(1);
  return row;
}
export type ContestRecord = NonNullable<Awaited<ReturnType<typeof findContestRecord>>>;

/**
 * The contests of the brand dashboard (one brand's, or all for staff); the brand's name and the
 * application and entry counts are asked of accounts, applications and entries.
 */
export async function listManagedContests(db: DbOrTx, brandId: number | null) {
  return db
    .select({
      id: contests.id,
      slug: contests.slug,
      title: contests.title,
      brandId: contests.brandId,
      publicationStatus: contests.publicationStatus,
      startsAt: contests.startsAt,
      applicationDeadline: contests.applicationDeadline,
      submissionDeadline: contests.submissionDeadline,
      winnersAt: contests.winnersAt,
      timezone: contests.timezone,
    })
    .from(contests)
    .where(brandId === null ? undefined : eq(contests.brandId, brandId))
    .orderBy(sql`${contests.startsAt} desc`, sql`${contests.id} desc`);
}
export type ManagedContestRow = Awaited<ReturnType<typeof listManagedContests>>[number];

/** Gives units of a product back to its stock (a decline or a withdrawal). */
export async function returnUnits(tx: DbOrTx, productId: number, units: number): Promise<void> {
  await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${units}` })
    .where(eq(products.id, productId));
}

/** Locks the rows of the given products (in id order, so two callers never deadlock). */
export async function lockProducts(tx: DbOrTx, productIds: number[]): Promise<void> {
  if (!productIds.length) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
}
