import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAPERWORK_LIMITS, type ReleaseKind, type ReleaseStatus, type TaxForm } from '@app/domain';
import { createdAt, maxChars, timestampTz, updatedAt } from './columns';
import { users } from './accounts';
import { contestEntries } from './entries';

/**
 * A creator's payee details for prize payments (issue 31), one row per creator. The taxpayer id is
 * stored only sealed (AES-256-GCM with PAYEE_DATA_KEY) beside its last four characters.
 */
export const payees = pgTable(
  'payees',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    taxForm: text('tax_form').$type<TaxForm>().notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts (lib/sealed-text.ts). */
    taxIdSealed: text('tax_id_sealed').notNull(),
    taxIdLast4: text('tax_id_last4').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('payees_legal_name_len', t.legalName, PAPERWORK_LIMITS.legalNameMax),
    maxChars('payees_address_len', t.address, PAPERWORK_LIMITS.addressMax),
    maxChars('payees_country_len', t.country, 2),
  ],
);

/**
 * A release form filed with an entry (talent, location, music, other), reviewed by staff. A
 * rejected one stays (with its reason) beside the replacement the entrant files.
 */
export const entryReleases = pgTable(
  'entry_releases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => contestEntries.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReleaseKind>().notNull(),
    status: text('status').$type<ReleaseStatus>().notNull().default('pending'),
    /** Private storage key (never under a public prefix). */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    reason: text('reason'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestampTz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('entry_releases_entry_idx').on(t.entryId, t.createdAt),
    uniqueIndex('entry_releases_file_key').on(t.fileKey),
    maxChars('entry_releases_file_name_len', t.fileName, PAPERWORK_LIMITS.fileNameMax),
    maxChars('entry_releases_reason_len', t.reason, PAPERWORK_LIMITS.reasonMax),
  ],
);
