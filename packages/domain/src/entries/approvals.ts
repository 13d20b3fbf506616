import { z } from 'zod';

/**
 * Sign-off on the final cut (issue 49): a contest may ask for `approvals_required` brand approvals
 * of an entry's version before it counts as approved for use. Owners, managers and reviewers of
 * the contest's brand approve or ask for changes; a new version starts again.
 */
export const APPROVAL_LIMITS = {
  /** A contest's `approvals_required` (0: the contest asks none). */
  requiredMax: 5,
  commentMax: 2_000,
} as const;

export const APPROVAL_DECISIONS = ['approve', 'changes'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** Where a version stands: asked changes win over approvals until their author changes their mind. */
export const APPROVAL_STATES = ['pending', 'approved', 'changes_requested'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_MESSAGES = {
  commentTooLong: `Keep the comment under ${APPROVAL_LIMITS.commentMax.toLocaleString('en-US')} characters.`,
  commentRequired: 'Say what should change.',
  brandOnly: 'Only the members of the contest’s brand approve its entries.',
  approvalMissing:
    'This contest asks for brand approvals: an entry’s judged version must be approved before it is placed in the results.',
  required: `Between 0 and ${APPROVAL_LIMITS.requiredMax} approvals.`,
} as const;

/** The words of each state, as the entry page's badge shows them. */
export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** A contest's `approvals_required` (create, update and read). */
export const approvalsRequiredSchema = z
  .number()
  .int()
  .min(0, { error: APPROVAL_MESSAGES.required })
  .max(APPROVAL_LIMITS.requiredMax, { error: APPROVAL_MESSAGES.required });

/**
 * `POST /api/entries/{id}/approvals/`: the caller's decision on the entry's current version (a
 * second one replaces the first). A request for changes says what should change.
 */
export const approvalBodySchema = z
  .object({
    decision: z.enum(APPROVAL_DECISIONS),
    comment: z
      .string()
      .trim()
      .max(APPROVAL_LIMITS.commentMax, { error: APPROVAL_MESSAGES.commentTooLong })
      .default(''),
  })
  .refine((body) => body.decision !== 'changes' || body.comment.length > 0, {
    path: ['comment'],
    error: APPROVAL_MESSAGES.commentRequired,
  });
export type ApprovalBody = z.input<typeof approvalBodySchema>;

/** One member's decision on one version. */
export const entryApprovalSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  decision: z.enum(APPROVAL_DECISIONS),
  comment: z.string(),
  version: z.number().int(),
  created_at: z.string(),
});
export type EntryApproval = z.infer<typeof entryApprovalSchema>;

/**
 * `GET /api/entries/{id}/approvals/`: how many the contest asks, the current version and its state
 * (counting only that version's decisions), and every decision, newest first.
 */
export const entryApprovalsSchema = z.object({
  required: z.number().int(),
  version: z.number().int(),
  state: z.enum(APPROVAL_STATES),
  approvals: z.array(entryApprovalSchema),
});
export type EntryApprovals = z.infer<typeof entryApprovalsSchema>;

/**
 * The state of a version from its decisions: any request for changes → `changes_requested`;
 * otherwise `approved` once it has `required` approvals (at least one, also when the contest asks
 * none); otherwise `pending`.
 */
export function approvalState(
  decisions: Array<{ decision: ApprovalDecision }>,
  required: number,
): ApprovalState {
  if (decisions.some((d) => d.decision === 'changes')) return 'changes_requested';
  const approvals = decisions.filter((d) => d.decision === 'approve').length;
  return approvals >= Math.max(required, 1) ? 'approved' : 'pending';
}
