import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ApplicationSort, ApplicationStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { applications } from '../../db/schema/index';

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
};

function selectApplications(db: DbOrTx) {
  return db.select(applicationColumns).from(applications);
}
/** An application as stored (its applicant and product come from their owners: `withApplicants`). */
export type ApplicationRecord = Awaited<ReturnType<typeof findApplication>> & {};

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
 * status), no sort; the page's creators, profiles and products come from their owners afterwards
 * (`withApplicants`). The total is counted once from the same index (index-only), not by a window
 * over every row.
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

export function findApplications(db: DbOrTx, ids: number[]) {
  return selectApplications(db)
    .where(inArray(applications.id, ids.length ? ids : [0]))
    .orderBy(asc(applications.id));
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

/** The status of the creator's application to the contest, or null. */
export async function findApplicationStatus(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<ApplicationStatus | null> {
  const [row] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.contestId, contestId), eq(applications.userId, userId)))
    .limit(1);
  return row?.status ?? null;
}

/** Whose application this is and to which contest (null when there is none). */
export async function findApplicationOwner(db: DbOrTx, applicationId: number) {
  const [row] = await db
    .select({ id: applications.id, contestId: applications.contestId, userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row ?? null;
}

/** A creator's applications, one per contest, with their shipment (the creator dashboard's). */
export function findApplicationsOfCreator(db: DbOrTx, userId: number) {
  // Part of every creator dashboard: prepared.
  const statement = prepared(db, 'applications_of_creator', (statementName) =>
    db
      .select({
        contestId: applications.contestId,
        status: applications.status,
        shippingCarrier: applications.shippingCarrier,
        trackingNumber: applications.trackingNumber,
        shippedAt: applications.shippedAt,
        deliveredAt: applications.deliveredAt,
      })
      .from(applications)
      .where(eq(applications.userId, sql.placeholder('userId')))
      .prepare(statementName),
  );
  return statement.execute({ userId });
}

/**
 * A contest's applications by status, and how many selected ones were shipped (issue 33's funnel):
 * the statuses are counted from `applications_contest_status_idx`; only selected rows are read for
 * their shipping date.
 */
export async function countApplicationFunnel(db: DbOrTx, contestId: number) {
  const [byStatus, [shipped]] = await Promise.all([
    db
      .select({ status: applications.status, n: sql<number>`count(*)::int` })
      .from(applications)
      .where(eq(applications.contestId, contestId))
      .groupBy(applications.status),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(
        and(
          eq(applications.contestId, contestId),
          eq(applications.status, 'selected'),
          sql`${applications.shippedAt} is not null`,
        ),
      ),
  ]);
  return { byStatus, shipped: shipped?.n ?? 0 };
}

/** Whether the creator applied to the contest (in any status). */
export async function hasApplied(db: DbOrTx, contestId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.contestId, contestId), eq(applications.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export type NewApplication = typeof applications.$inferInsert;

export async function insertApplication(tx: DbOrTx, values: NewApplication) {
  const [row] = await tx.insert(applications).values(values).returning({
    id: applications.id,
    contestId: applications.contestId,
    productId: applications.productId,
    status: applications.status,
    createdAt: applications.createdAt,
  });
  return row!;
}
export type InsertedApplication = Awaited<ReturnType<typeof insertApplication>>;

/** The units of a product held by its pending and selected applications. */
export async function countHeldUnits(db: DbOrTx, productId: number): Promise<number> {
  const [held] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(applications)
    .where(and(eq(applications.productId, productId), inArray(applications.status, ['pending', 'selected'])));
  return Number(held?.n ?? 0);
}

/** Which of `productIds` someone applied for (in any status). */
export async function productsWithApplications(db: DbOrTx, productIds: number[]): Promise<number[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectDistinct({ productId: applications.productId })
    .from(applications)
    .where(inArray(applications.productId, productIds));
  return rows.map((r) => r.productId);
}

/** Each contest's applications by status, and those shipped (the brand dashboard's counts). */
export function countByContest(db: DbOrTx, contestIds: number[]) {
  return db
    .select({
      contestId: applications.contestId,
      pending: sql<number>`(count(*) filter (where ${applications.status} = 'pending'))::int`,
      selected: sql<number>`(count(*) filter (where ${applications.status} = 'selected'))::int`,
      declined: sql<number>`(count(*) filter (where ${applications.status} = 'declined'))::int`,
      withdrawn: sql<number>`(count(*) filter (where ${applications.status} = 'withdrawn'))::int`,
      shipped: sql<number>`(count(*) filter (where ${applications.shippedAt} is not null))::int`,
    })
    .from(applications)
    .where(inArray(applications.contestId, contestIds))
    .groupBy(applications.contestId);
}
