import { z } from 'zod';

export const PAYOUT_METHODS = ['payment_service', 'bank_transfer'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  payment_service: 'Payment service',
  bank_transfer: 'Bank transfer',
};

export const PAYOUT_LIMITS = {
  referenceMax: 200,
  reasonMax: 500,
  /** Largest correction either way, in cents. */
  correctionMaxCents: 100_000_000,
} as const;

export const PAYOUT_MESSAGES = {
  alreadyPaid: 'This earning has already been paid; a payout is recorded once.',
  earningUnknown: 'There is no earning with this id.',
  referenceRequired: 'Give the payment reference.',
} as const;

/** `GET /api/payouts/?status=pending|paid` */
export const payoutListQuerySchema = z.object({
  status: z.enum(['pending', 'paid']).default('pending'),
});
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;

/**
 * What a creator earns, each paid like a prize: a prize, the fee of a licence extension they
 * accepted (issue 51), an audience award (issue 50), a round's stipend to an advanced creator
 * (issue 47).
 */
export const EARNING_KINDS = ['prize_awarded', 'licence_extension', 'audience_award', 'stipend'] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];
export const EARNING_KIND_LABELS: Record<EarningKind, string> = {
  prize_awarded: 'Prize',
  licence_extension: 'Licence extension',
  audience_award: 'Audience award',
  stipend: 'Round stipend',
};
export const LEDGER_KINDS = [...EARNING_KINDS, 'payout_recorded', 'correction'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One earning (a prize or a licence extension's fee), with its corrections and whether it was paid. */
export const earningSchema = z.object({
  earning_id: z.number(),
  kind: z.enum(EARNING_KINDS),
  user_id: z.number(),
  creator_name: z.string(),
  creator_email: z.string(),
  contest_id: z.number().nullable(),
  contest_title: z.string().nullable(),
  entry_id: z.number().nullable(),
  /** Prize plus corrections, in integer cents of `currency` (ISO 4217). */
  amount_cents: z.number(),
  currency: z.string(),
  awarded_at: z.string(),
  status: z.enum(['pending', 'paid']),
  paid_at: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  reference: z.string().nullable(),
});
export type Earning = z.infer<typeof earningSchema>;

export const payoutListSchema = z.object({
  status: z.enum(['pending', 'paid']),
  earnings: z.array(earningSchema),
  /** Pending (or paid) amounts summed per creator and currency. */
  per_creator: z.array(
    z.object({
      user_id: z.number(),
      creator_name: z.string(),
      creator_email: z.string(),
      currency: z.string(),
      amount_cents: z.number(),
      earnings: z.number(),
    }),
  ),
});
export type PayoutList = z.infer<typeof payoutListSchema>;

/** `POST /api/payouts/` (staff): the earning was paid. */
export const recordPayoutBodySchema = z.object({
  earning_id: z.number().int().positive(),
  method: z.enum(PAYOUT_METHODS),
  reference: z.string().trim().min(1, PAYOUT_MESSAGES.referenceRequired).max(PAYOUT_LIMITS.referenceMax),
});
export type RecordPayoutBody = z.infer<typeof recordPayoutBodySchema>;

export const ledgerRowSchema = z.object({
  id: z.number(),
  kind: z.enum(LEDGER_KINDS),
  user_id: z.number(),
  contest_id: z.number().nullable(),
  entry_id: z.number().nullable(),
  earning_id: z.number().nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  reference: z.string(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** `POST /api/payouts/corrections/` (staff): a signed amount added to an earning, with a reason. */
export const correctionBodySchema = z.object({
  earning_id: z.number().int().positive(),
  amount_cents: z
    .number()
    .int()
    .min(-PAYOUT_LIMITS.correctionMaxCents)
    .max(PAYOUT_LIMITS.correctionMaxCents)
    .refine((n) => n !== 0, 'A correction changes the amount.'),
  reason: z.string().trim().min(1).max(PAYOUT_LIMITS.reasonMax),
});
export type CorrectionBody = z.infer<typeof correctionBodySchema>;
