import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { brands } from '../../db/schema/index';

/**
 * Brands as other modules read and create them (accounts owns `brands`): contests shows each
 * contest's brand, lists the brands a contest can be created for, and creates brands for staff.
 */

/** A brand as a contest shows it. */
export interface BrandCard {
  id: number;
  name: string;
  slug: string;
  logoUrl: string;
}

const cardColumns = { id: brands.id, name: brands.name, slug: brands.slug, logoUrl: brands.logoUrl };

/** These brands, by id, in one query; ids without a brand are absent from the map. */
export async function brandCardsOf(db: DbOrTx, brandIds: number[]): Promise<Map<number, BrandCard>> {
  const ids = [...new Set(brandIds)];
  if (!ids.length) return new Map();
  const rows =
    ids.length === 1
      ? // One contest's page (every contest page asks): prepared.
        await prepared(db, 'brands_card_of_one', (statementName) =>
          db
            .select(cardColumns)
            .from(brands)
            .where(eq(brands.id, sql.placeholder('brandId')))
            .prepare(statementName),
        ).execute({ brandId: ids[0] })
      : await db.select(cardColumns).from(brands).where(inArray(brands.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function brandExists(db: DbOrTx, brandId: number): Promise<boolean> {
  const rows = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).limit(1);
  return rows.length > 0;
}

/** Whether any brand exists (first-start seeding runs only on an empty catalogue). */
export async function anyBrandExists(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: brands.id }).from(brands).limit(1);
  return rows.length > 0;
}

/** Brands by name (one brand, or all): what a contest can be created for. */
export function listBrandOptions(db: DbOrTx, brandId: number | null) {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(brandId === null ? undefined : eq(brands.id, brandId))
    .orderBy(asc(brands.name), asc(brands.id));
}

export type NewBrand = typeof brands.$inferInsert;

/**
 * Inserts a brand in `tx`, keeping the id sequence at `reservedUpTo` or past it (ids up to it are
 * never handed out by the sequence: they are kept for aliases) and past an explicit `id` given.
 */
export async function insertBrand(tx: DbOrTx, values: NewBrand, reservedUpTo: number) {
  await advanceBrandIds(tx, reservedUpTo);
  const [row] = await tx
    .insert(brands)
    .values(values)
    .returning({ id: brands.id, name: brands.name, slug: brands.slug, logoUrl: brands.logoUrl });
  if (values.id !== undefined) await advanceBrandIds(tx, reservedUpTo);
  return row!;
}

/** Moves the brands' id sequence to at least `atLeast` and past every existing id. */
async function advanceBrandIds(tx: DbOrTx, atLeast: number): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('brands', 'id'), greatest(${atLeast}::bigint, (select coalesce(max(${brands.id}), 0) from ${brands})))`,
  );
}
