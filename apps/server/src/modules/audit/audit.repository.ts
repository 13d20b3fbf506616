import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export interface NewAuditRow {
  /** The acting user, or null for a named process. */
  actorId: number | null;
  /** The actor's e-mail address as accounts has it now, else a label (`user 7`, `admin-cli`). */
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Appends one row. */
export async function insertAuditRow(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values({
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
  });
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  limit: number;
  offset: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of audit rows, newest first, with how many match in all. */
export async function listAuditRows(db: DbOrTx, filter: AuditFilter) {
  const where: SQL | undefined = and(
    filter.actor ? ilike(auditLog.actorEmail, `%${escapeLike(filter.actor)}%`) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
  );
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      total: sql<number | string>`count(*) over ()`,
    })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length || filter.offset === 0) return { rows, count: Number(rows[0]?.total ?? 0) };
  const [row] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(auditLog)
    .where(where);
  return { rows, count: Number(row?.n ?? 0) };
}
export type AuditRow = Awaited<ReturnType<typeof listAuditRows>>['rows'][number];
