import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { VoteFlag, VoteStatus } from '@app/domain';
import { createdAt, maxChars, timestampTz } from './columns';
import { users } from './accounts';
import { contests } from './contests';
import { contestEntries } from './entries';

/**
 * A contest's audience award (issue 50): its voting window, prize and votes per voter, and once
 * staff confirm it, the winner and the earning paid for it.
 */
export const audienceAwards = pgTable(
  'audience_awards',
  {
    contestId: integer('contest_id')
      .primaryKey()
      .references(() => contests.id, { onDelete: 'cascade' }),
    opensAt: timestampTz('opens_at').notNull(),
    closesAt: timestampTz('closes_at').notNull(),
    prizeCents: integer('prize_cents').notNull(),
    votesPerVoter: integer('votes_per_voter').notNull(),
    winnerEntryId: integer('winner_entry_id').references(() => contestEntries.id, { onDelete: 'set null' }),
    earningId: bigint('earning_id', { mode: 'number' }),
    awardedAt: timestampTz('awarded_at'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('audience_awards_window', sql`${t.closesAt} > ${t.opensAt}`),
    check('audience_awards_votes', sql`${t.votesPerVoter} between 1 and 3`),
    check('audience_awards_prize', sql`${t.prizeCents} >= 0`),
  ],
);

/** The finalists the audience votes on, in the gallery's order. */
export const audienceFinalists = pgTable(
  'audience_finalists',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => audienceAwards.contestId, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.entryId] })],
);

/**
 * One vote: final once cast (one per account and entry). The client's address is never stored,
 * only keyed hashes of it and of its network (IPv4 /24, IPv6 /48), so staff can see and void a
 * ring of votes without the platform keeping who voted from where.
 */
export const audienceVotes = pgTable(
  'audience_votes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => audienceAwards.contestId, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    voterId: integer('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<VoteStatus>().notNull(),
    flags: jsonb('flags').$type<VoteFlag[]>().notNull().default([]),
    addressKey: text('address_key').notNull(),
    networkKey: text('network_key').notNull(),
    /** The account's age when it voted, and when it was created (for the sign-up clusters). */
    accountCreatedAt: timestampTz('account_created_at').notNull(),
    voidReason: text('void_reason'),
    voidedAt: timestampTz('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audience_votes_voter_entry_key').on(t.contestId, t.voterId, t.entryId),
    index('audience_votes_contest_entry_idx').on(t.contestId, t.entryId, t.status),
    index('audience_votes_address_idx').on(t.contestId, t.addressKey, t.createdAt),
    index('audience_votes_network_idx').on(t.contestId, t.networkKey, t.createdAt),
    maxChars('audience_votes_void_reason_len', t.voidReason, 1000),
  ],
);
