import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ApplicationSort, ApplicationStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { applications, creatorProfiles, products, users } from '../../db/schema/index';

const applicationColumns = {
  id: applications.id,
  contestId: applications.contestId,
  userId: applications.userId,
  productId: applications.productId,
  status: applications.status,
  decisionNote: applications.decisionNote,
  decidedAt: applications.decidedAt,
  shippingCarrier: applications.shippingCarrier,
  trackingNumber: applications.trackingNumber,
  shippedAt: applications.shippedAt,
  deliveredAt: applications.deliveredAt,
  fullName: applications.fullName,
  email: applications.email,
  phoneNumber: applications.phoneNumber,
  bio: applications.bio,
  shippingAddress: applications.shippingAddress,
  youtubeUrl: applications.youtubeUrl,
  instagramUrl: applications.instagramUrl,
  portfolioUrl: applications.portfolioUrl,
  createdAt: applications.createdAt,
  creatorEmail: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  country: creatorProfiles.country,
  avatarKey: creatorProfiles.avatarKey,
  product: { id: products.id, code: products.code, name: products.name },
};

function selectApplications(db: DbOrTx) {
  return db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, applications.userId))
    .innerJoin(products, eq(products.id, applications.productId));
}
export type ApplicationRow = Awaited<ReturnType<typeof findApplication>> & {};

export interface ApplicationFilter {
  status?: ApplicationStatus | undefined;
  productId?: number | undefined;
  sort: ApplicationSort;
  limit: number;
  offset: number;
}

const pageOrder = {
  newest: [desc(applications.createdAt), desc(applications.id)],
  oldest: [asc(applications.createdAt), asc(applications.id)],
  name: [asc(sql`lower(${applications.fullName})`), asc(applications.id)],
} satisfies Record<ApplicationSort, SQL[]>;

/**
 * The list's statement for one shape of filter (placeholders `contestId`, `status`, `productId`,
 * `limit`, `offset`). The page's ids are picked from `applications` alone — newest or oldest first
 * straight from `applications_contest_created_idx` (or `applications_contest_status_idx` with a
 * status), no sort — and only those rows are joined to their creator, profile and product; the
 * total is counted once from the same index (index-only), not by a window over every row.
 */
function listQuery(db: DbOrTx, shape: { status: boolean; product: boolean; sort: ApplicationSort }) {
  const where = and(
    eq(applications.contestId, sql.placeholder('contestId')),
    shape.status ? eq(applications.status, sql.placeholder('status')) : undefined,
    shape.product ? eq(applications.productId, sql.placeholder('productId')) : undefined,
  );
  const order = pageOrder[shape.sort];
  const page = db
    .select({
      pageId: applications.id,
      total: sql<number | string>`(select count(*) from ${applications} where ${where})`.as('total'),
    })
    .from(applications)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ ...applicationColumns, total: page.total })
    .from(page)
    .innerJoin(applications, eq(applications.id, page.pageId))
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, applications.userId))
    .innerJoin(products, eq(products.id, applications.productId))
    .orderBy(...order);
}

/** A page of a contest's applications and how many match in all. */
export async function listApplications(db: DbOrTx, contestId: number, filter: ApplicationFilter) {
  const shape = { status: !!filter.status, product: !!filter.productId, sort: filter.sort };
  const name = `applications_list_${shape.status}_${shape.product}_${shape.sort}`;
  const params = {
    contestId,
    status: filter.status,
    productId: filter.productId,
    limit: filter.limit,
    offset: filter.offset,
  };
  const rows = await prepared(db, name, (statementName) =>
    listQuery(db, shape).prepare(statementName),
  ).execute(params);
  if (rows.length) return { rows, count: Number(rows[0]!.total) };
  if (filter.offset === 0) return { rows, count: 0 };
  // Past the last page: the total still answers `count`.
  const [total] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(applications)
    .where(
      and(
        eq(applications.contestId, contestId),
        filter.status ? eq(applications.status, filter.status) : undefined,
        filter.productId ? eq(applications.productId, filter.productId) : undefined,
      ),
    );
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findApplication(db: DbOrTx, id: number) {
  const [row] = await selectApplications(db).where(eq(applications.id, id)).limit(1);
  return row;
}

/** The selected applications of a contest (the shipping list), by name. */
export function listSelected(db: DbOrTx, contestId: number) {
  return selectApplications(db)
    .where(and(eq(applications.contestId, contestId), eq(applications.status, 'selected')))
    .orderBy(asc(sql`lower(${applications.fullName})`), asc(applications.id));
}

/**
 * Moves an application on only if it is still in `from` (two deciders: the first wins); returns
 * whether it moved.
 */
export async function transition(
  tx: DbOrTx,
  id: number,
  from: { status: ApplicationStatus; notShipped?: boolean; shipped?: boolean; notDelivered?: boolean },
  values: Partial<typeof applications.$inferInsert>,
): Promise<boolean> {
  const conditions: SQL[] = [eq(applications.id, id), eq(applications.status, from.status)];
  if (from.notShipped) conditions.push(sql`${applications.shippedAt} is null`);
  if (from.shipped) conditions.push(sql`${applications.shippedAt} is not null`);
  if (from.notDelivered) conditions.push(sql`${applications.deliveredAt} is null`);
  const rows = await tx
    .update(applications)
    .set(values)
    .where(and(...conditions))
    .returning({ id: applications.id });
  return rows.length > 0;
}

/** Gives one unit of a product back to its stock (a decline or a withdrawal). */
export async function returnUnits(tx: DbOrTx, productId: number, units = 1): Promise<void> {
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

/** Pending applications of a contest (of one product) created before `before`, locked. */
export function pendingBefore(tx: DbOrTx, contestId: number, before: Date, productId?: number) {
  return tx
    .select({ id: applications.id, productId: applications.productId, userId: applications.userId })
    .from(applications)
    .where(
      and(
        eq(applications.contestId, contestId),
        eq(applications.status, 'pending'),
        lt(applications.createdAt, before),
        productId ? eq(applications.productId, productId) : undefined,
      ),
    )
    .orderBy(asc(applications.id))
    .for('update');
}

/** How many pending applications of a contest (of one product) were made before `before`, per product. */
export function countPendingBefore(db: DbOrTx, contestId: number, before: Date, productId?: number) {
  return db
    .select({ productId: applications.productId, n: sql<number>`count(*)::int` })
    .from(applications)
    .where(
      and(
        eq(applications.contestId, contestId),
        eq(applications.status, 'pending'),
        lt(applications.createdAt, before),
        productId ? eq(applications.productId, productId) : undefined,
      ),
    )
    .groupBy(applications.productId);
}

/** Declines the given pending applications; returns the ids that were still pending. */
export async function declineMany(
  tx: DbOrTx,
  ids: number[],
  values: { decisionNote: string; decidedAt: Date; decidedBy: number },
) {
  if (!ids.length) return [];
  return tx
    .update(applications)
    .set({ status: 'declined', ...values })
    .where(and(inArray(applications.id, ids), eq(applications.status, 'pending')))
    .returning({ id: applications.id, productId: applications.productId });
}
