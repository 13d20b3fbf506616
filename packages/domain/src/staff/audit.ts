import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/paging';
import { STAFF_LIMITS } from './limits';

/** The actions the audit log records so far (later issues add selections, shipments, payouts…). */
export const AUDIT_ACTIONS = [
  'video.approve',
  'video.reject',
  'video.delete',
  'video.resubmit',
  'invitation.create',
  'invitation.accept',
  'invitation.revoke',
  'invitation.resend',
  'brand_member.role',
  'brand_member.remove',
  'user.deactivate',
  'contest.create',
  'contest.update',
  'contest.publish',
  'contest.archive',
  'contest.agreement_update',
  'contest.rounds',
  'product.stock',
  'application.select',
  'application.decline',
  'application.withdraw',
  'application.ship',
  'application.deliver',
  'application.release',
  'score.save',
  'results.publish',
  'results.correct',
  'payout.record',
  'ledger.correct',
  'entry.note',
  'entry.note_resolve',
  'entry.request_revision',
  'entry.status',
  'entry.qc_override',
  'entry.approval',
  'release.approve',
  'release.reject',
  'release.download',
  'payee.view',
  'payee.update',
  'delivery.view',
  'delivery.download',
  'certificate.download',
  'licence.revoke',
  'message.post',
  'message.hide',
  'licence.extension.propose',
  'audience.setup',
  'audience.void',
  'audience.release',
  'audience.award',
  'round.advance',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const filter = z.string().trim().min(1).max(STAFF_LIMITS.filterMax).optional();

/** `GET /api/staff/audit/?actor=&action=&target_type=&target_id=&page=` (newest first). */
export const auditListQuerySchema = pageQuerySchema.extend({
  /** Part of the actor's e-mail. */
  actor: filter,
  action: filter,
  target_type: filter,
  target_id: filter,
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One recorded action: who, what, on which record, when, and the values before and after. */
export const auditEntrySchema = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
