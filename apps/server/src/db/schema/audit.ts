import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every staff and brand action, written in the same transaction as the change it records. Rows are
 * never changed or deleted: a trigger (migration 0004) refuses UPDATE, DELETE and TRUNCATE.
 * `actor_id` has no foreign key, so removing a user never has to touch the log; `actor_email` keeps
 * who it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The signed-in user, or null for the admin CLI and the system. */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorEmail),
  ],
);
