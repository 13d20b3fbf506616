import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { contestRounds, contests } from './contests';
import { contestEntries } from './entries';

/** One criterion's mark in a judge's score (`entryScoreSchema` in the domain). */
export interface CriterionScore {
  criterion: string;
  score: number;
}

/**
 * A judge's score of an entry on the contest's rubric: one row per judge per entry, changed until
 * judging closes. `version` is the entry version that was judged (the newest when saved).
 */
export const entryScores = pgTable(
  'entry_scores',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    judgeId: integer('judge_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** [{criterion, score 1–10}], one per rubric criterion. */
    scores: jsonb('scores').$type<CriterionScore[]>().notNull(),
    /** Σ score × weight over the criteria (weights sum to 100): 100–1000. Kept for ranking in SQL. */
    weightedTotal: integer('weighted_total').notNull(),
    /** Written for the entrant; shown on their scorecard as "Judge n". */
    feedback: text('feedback').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('entry_scores_entry_judge_key').on(t.entryId, t.judgeId),
    index('entry_scores_judge_idx').on(t.judgeId),
  ],
);

/** Final placings of a published contest, one per placed entry; 'contests won' counts place 1. */
export const contestResults = pgTable(
  'contest_results',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The placed entry (null only for rows written before entries existed). */
    entryId: integer('entry_id').references(() => contestEntries.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    prizeCents: integer('prize_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contest_results_contest_user_key').on(t.contestId, t.userId),
    uniqueIndex('contest_results_entry_key').on(t.entryId),
    check('contest_results_prize_nonnegative', sql`${t.prizeCents} >= 0`),
    check('contest_results_place_positive', sql`${t.place} >= 1`),
  ],
);

/**
 * The money ledger: every change of what a creator earned or was paid is a row here, in integer
 * cents with its currency. Rows are never changed or deleted (a trigger, migration judging_ledger,
 * refuses UPDATE, DELETE and TRUNCATE); balances are sums over the rows.
 * - `prize_awarded`: an earning (amount > 0), pending until a payout row names it;
 * - `licence_extension`: an earning (amount > 0), the fee of a licence extension the creator
 *   accepted (issue 51), paid like a prize;
 * - `audience_award`: an earning (amount > 0), a contest's audience prize (issue 50), paid like a prize;
 * - `stipend`: an earning (amount > 0), a round's stipend to a creator advanced from it (issue 47);
 * - `payout_recorded`: the earning `earning_id` was paid (amount = what was paid), at most once per
 *   earning (unique index);
 * - `correction`: a signed amount added to the earning `earning_id`, with a reason.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', {
      enum: [
        'prize_awarded',
        'licence_extension',
        'audience_award',
        'stipend',
        'payout_recorded',
        'correction',
      ],
    }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    contestId: integer('contest_id').references(() => contests.id, { onDelete: 'restrict' }),
    entryId: integer('entry_id').references(() => contestEntries.id, { onDelete: 'restrict' }),
    /** For payouts and corrections: the prize_awarded row they refer to. */
    earningId: bigint('earning_id', { mode: 'number' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Payouts: payment_service | bank_transfer. */
    method: text('method', { enum: ['payment_service', 'bank_transfer'] }),
    /** Payouts: the payment's reference; corrections: the reason. */
    reference: text('reference').notNull().default(''),
    /** Staff who wrote it (null for the system). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    index('ledger_entries_earning_idx').on(t.earningId),
    uniqueIndex('ledger_entries_one_payout_key')
      .on(t.earningId)
      .where(sql`${t.kind} = 'payout_recorded'`),
    uniqueIndex('ledger_entries_one_prize_per_entry_key')
      .on(t.entryId)
      .where(sql`${t.kind} = 'prize_awarded'`),
    check(
      'ledger_entries_shape',
      sql`(${t.kind} in ('prize_awarded', 'licence_extension', 'audience_award', 'stipend') and ${t.earningId} is null and ${t.amountCents} > 0)
        or (${t.kind} = 'payout_recorded' and ${t.earningId} is not null and ${t.method} is not null and ${t.amountCents} >= 0)
        or (${t.kind} = 'correction' and ${t.earningId} is not null and ${t.amountCents} <> 0)`,
    ),
  ],
);

/**
 * A creator advanced from a round into the next (issue 47): one row per advanced entry, written by
 * staff or the contest's brand after the round closed, with the stipend earning it gave (null when
 * the round pays none). The creator may enter the next round (policy `advanced`).
 */
export const roundAdvancements = pgTable(
  'round_advancements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The round advanced from. */
    roundId: integer('round_id')
      .notNull()
      .references(() => contestRounds.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    earningId: bigint('earning_id', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('round_advancements_entry_key').on(t.entryId),
    uniqueIndex('round_advancements_round_user_key').on(t.roundId, t.userId),
  ],
);
