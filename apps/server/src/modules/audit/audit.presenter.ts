import type { AuditEntry } from '@app/domain';
import type { AuditRow } from './audit.repository';

const asRecord = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/** An audit row → the API's entry. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: asRecord(row.before),
    after: asRecord(row.after),
    created_at: row.createdAt.toISOString(),
  };
}
