import { STAFF_LIMITS, type AuditAction, type AuditListQuery, type AuditPage } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { pageWindow, toPage } from '../../lib/paging';
import * as repo from './audit.repository';
import { toAuditEntry } from './audit.presenter';

export type AuditServiceDeps = Pick<AppDeps, 'database' | 'config'>;

/** Who did it: a signed-in user, or a named process (the admin CLI, the demo seed). */
export type AuditActor = { userId: number } | { system: 'admin-cli' | 'seed' };

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  targetType: string;
  targetId: number | string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records one staff or brand action. Call it with the transaction that makes the change, so the
 * change and its record commit or roll back together: a failed change leaves no row. The acting
 * user's e-mail address, as the account has it now, is filled in by the database (migration 0028:
 * this module sits below accounts, which owns it); `user <id>` stays when the user is gone. Rows
 * are never changed or deleted (the table's trigger refuses it, and this module has no such path).
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  const actor = entry.actor;
  await repo.insertAuditRow(tx, {
    actorId: 'userId' in actor ? actor.userId : null,
    actorEmail: 'userId' in actor ? `user ${actor.userId}` : actor.system,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The audit log as staff read it. */
export function createAuditService(deps: AuditServiceDeps) {
  const db = deps.database.db;
  return {
    /** A page of recorded actions, newest first, filtered by actor e-mail, action and record. */
    async list(query: AuditListQuery, url: URL): Promise<AuditPage> {
      const request = { page: query.page, pageSize: STAFF_LIMITS.pageSize, url };
      const { rows, count } = await repo.listAuditRows(db, {
        actor: query.actor,
        action: query.action,
        targetType: query.target_type,
        targetId: query.target_id,
        ...pageWindow(request),
      });
      return toPage(rows.map(toAuditEntry), count, request, deps.config.PUBLIC_URL);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
