import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { entryReleases, payees } from '../../db/schema/index';
import type { ReleaseKind, ReleaseStatus } from '@app/domain';

export type PayeeRow = typeof payees.$inferSelect;
export type NewPayee = Omit<typeof payees.$inferInsert, 'createdAt' | 'updatedAt'>;

export async function findPayee(db: DbOrTx, userId: number): Promise<PayeeRow | undefined> {
  const [row] = await db.select().from(payees).where(eq(payees.userId, userId));
  return row;
}

/** The users among `userIds` who have payee details. */
export async function usersWithPayee(db: DbOrTx, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.select({ userId: payees.userId }).from(payees).where(inArray(payees.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}

export async function upsertPayee(db: DbOrTx, values: NewPayee): Promise<PayeeRow> {
  const { userId: _key, ...changes } = values;
  const [row] = await db
    .insert(payees)
    .values(values)
    .onConflictDoUpdate({ target: payees.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

export type ReleaseRow = typeof entryReleases.$inferSelect;
export type NewRelease = Omit<typeof entryReleases.$inferInsert, 'id' | 'status' | 'createdAt'>;

export async function insertRelease(db: DbOrTx, values: NewRelease): Promise<ReleaseRow> {
  const [row] = await db.insert(entryReleases).values(values).returning();
  return row!;
}

export async function findRelease(db: DbOrTx, id: number): Promise<ReleaseRow | undefined> {
  const [row] = await db.select().from(entryReleases).where(eq(entryReleases.id, id));
  return row;
}

/** First key of the per-creator advisory lock that makes "count, then file a release" one step. */
const FILING_LOCK = 0x72656c73; // 'rels'

/**
 * Serialises the release filings of one creator, in every app process, until `tx` ends: the
 * limits a filing checks (releases per kind, stored bytes) cannot be passed by filing in parallel.
 */
export async function lockFilingsOf(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILING_LOCK}, ${userId})`);
}

/** How many releases of `kind` the entry has that are waiting for review or approved. */
export async function countLiveReleases(db: DbOrTx, entryId: number, kind: ReleaseKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(entryReleases)
    .where(
      and(
        eq(entryReleases.entryId, entryId),
        eq(entryReleases.kind, kind),
        ne(entryReleases.status, 'rejected'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The bytes of every release `userId` filed (their files are kept whatever the review decided). */
export async function releaseBytesOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${entryReleases.sizeBytes}), 0)` })
    .from(entryReleases)
    .where(eq(entryReleases.uploadedBy, userId));
  return Number(row?.bytes ?? 0);
}

/** The releases of entries, oldest first. */
export function listReleases(db: DbOrTx, entryIds: number[]): Promise<ReleaseRow[]> {
  if (!entryIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(entryReleases)
    .where(inArray(entryReleases.entryId, entryIds))
    .orderBy(asc(entryReleases.createdAt), asc(entryReleases.id));
}

/** Decides a pending release; undefined when it was no longer pending (someone decided first). */
export async function decideRelease(
  db: DbOrTx,
  id: number,
  decision: { status: Exclude<ReleaseStatus, 'pending'>; reason: string | null; decidedBy: number },
): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .update(entryReleases)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(entryReleases.id, id), eq(entryReleases.status, 'pending')))
    .returning();
  return row;
}

/** How many releases of each status these entries have: one grouped query. */
export function countReleases(db: DbOrTx, entryIds: number[]) {
  if (!entryIds.length) return Promise.resolve([]);
  // Every page of the reviewers' entries list asks: one prepared statement for any number of ids.
  const statement = prepared(db, 'paperwork_release_counts_of', (statementName) =>
    db
      .select({ entryId: entryReleases.entryId, status: entryReleases.status, count: count() })
      .from(entryReleases)
      .where(isAnyOf(entryReleases.entryId))
      .groupBy(entryReleases.entryId, entryReleases.status)
      .prepare(statementName),
  );
  return statement.execute({ ids: entryIds });
}
