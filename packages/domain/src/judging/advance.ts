import { z } from 'zod';

/**
 * Advancing creators from a round into the next (issue 47): after the round closed, staff or the
 * contest's brand owners and managers name the entries that go on; each creator is told and gets
 * the round's stipend on the ledger.
 */

export const ADVANCE_LIMITS = {
  /** Entries advanced in one request, at most. */
  entriesMax: 1_000,
} as const;

export const ADVANCE_MESSAGES = {
  roundNotClosed: 'Creators can be advanced once the round has closed.',
  noNextRound: 'This is the last round: nobody advances from it. Publish the results instead.',
  alreadyAdvanced: 'This entry has already advanced.',
  entryNotInRound: 'Each entry must be an entry of this round.',
  entriesRequired: 'Choose the entries to advance.',
  sentTwice: 'Each entry may be sent only once.',
  notFinalRound: 'Places go to entries of the contest’s final round.',
  notManager: "Only the platform team and the brand's owners and managers can advance creators.",
} as const;

/** `POST /api/rounds/{id}/advance/`. */
export const advanceBodySchema = z.object({
  entry_ids: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    )
    .min(1, ADVANCE_MESSAGES.entriesRequired)
    .max(ADVANCE_LIMITS.entriesMax)
    .refine((ids) => new Set(ids).size === ids.length, ADVANCE_MESSAGES.sentTwice),
});
export type AdvanceBody = z.infer<typeof advanceBodySchema>;

export const advanceResponseSchema = z.object({
  advanced: z.array(z.object({ entry_id: z.number(), creator_id: z.number() })),
  /** The stipend earnings written (none when the round pays no stipend). */
  stipends: z.array(z.object({ earning_id: z.number(), amount_cents: z.number() })),
});
export type AdvanceResponse = z.infer<typeof advanceResponseSchema>;
