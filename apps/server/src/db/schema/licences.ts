import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LicenceChannel } from '@app/domain';
import { createdAt, maxChars, timestampTz } from './columns';
import { users } from './accounts';
import { brands } from './brands';
import { contests } from './contests';
import { contestEntries } from './entries';

/**
 * The licence a placed entry grants its contest's brand (issue 51): issued when the results are
 * published, with the contest's terms copied (a later edit of the contest does not change a
 * licence already granted). The id is random (`lic_` + 128 bits in base32): it is printed on the
 * certificate and is all the public verification needs, so it must not be guessable.
 */
export const licences = pgTable(
  'licences',
  {
    id: text('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The licensed film's title and its master's SHA-256, as the certificate names them. */
    title: text('title').notNull(),
    masterSha256: text('master_sha256').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    channels: jsonb('channels').$type<LicenceChannel[]>().notNull(),
    territories: jsonb('territories').$type<string[]>().notNull(),
    exclusive: boolean('exclusive').notNull(),
    revokedAt: timestampTz('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** When the 30- and 7-day expiry reminders went out (each once). */
    reminded30At: timestampTz('reminded_30_at'),
    reminded7At: timestampTz('reminded_7_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('licences_entry_key').on(t.entryId),
    index('licences_ends_idx').on(t.endsAt),
    maxChars('licences_revoked_reason_len', t.revokedReason, 1000),
  ],
);

/** An extension the brand proposes (months, fee) and the creator accepts or declines. */
export const licenceExtensions = pgTable(
  'licence_extensions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    licenceId: text('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    feeCents: integer('fee_cents').notNull(),
    status: text('status').$type<'proposed' | 'accepted' | 'declined'>().notNull().default('proposed'),
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestampTz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('licence_extensions_licence_idx').on(t.licenceId, t.createdAt),
    /** One proposal waits for the creator's answer at a time (of two at once, one is 409). */
    uniqueIndex('licence_extensions_one_open_key')
      .on(t.licenceId)
      .where(sql`${t.status} = 'proposed'`),
    check(
      'licence_extensions_terms',
      sql`${t.months} between 1 and 60 and ${t.feeCents} between 0 and 10000000`,
    ),
  ],
);
