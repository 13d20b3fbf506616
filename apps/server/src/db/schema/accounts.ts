import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BRAND_ROLES, FIELD_LIMITS as L } from '@app/domain';
import { createdAt, maxChars, timestampTz, updatedAt } from './columns';
import { brands } from './brands';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased: e-mails are compared case-insensitively. */
    email: text('email').notNull(),
    /** argon2id; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['creator', 'brand', 'staff', 'voter'] })
      .notNull()
      .default('creator'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    /** False until the e-mail address is verified (Django's is_active). */
    isActive: boolean('is_active').notNull().default(false),
    /** A new address waiting for verification before it replaces `email`. */
    pendingEmail: text('pending_email'),
    lastLoginAt: timestampTz('last_login_at'),
    passwordChangedAt: timestampTz('password_changed_at'),
    /** Set when staff deactivate the account: it can no longer sign in or use its tokens. */
    deactivatedAt: timestampTz('deactivated_at'),
    /**
     * Carried in every access token; raising it refuses every access token issued before
     * (deactivation now; sign-out everywhere and password reset can reuse it).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    maxChars('users_email_len', t.email, L.email),
    maxChars('users_pending_email_len', t.pendingEmail, L.email),
    maxChars('users_first_name_len', t.firstName, L.name),
    maxChars('users_last_name_len', t.lastName, L.name),
    maxChars('users_phone_number_len', t.phoneNumber, L.phone),
  ],
);

export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    gender: text('gender').notNull().default(''),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    experienceLevel: text('experience_level'),
    website: text('website').notNull().default(''),
    portfolioUrl: text('portfolio_url').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    twitter: text('twitter').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    youtubeUrl: text('youtube_url').notNull().default(''),
    shippingAddressLine1: text('shipping_address_line1').notNull().default(''),
    shippingAddressLine2: text('shipping_address_line2').notNull().default(''),
    shippingCity: text('shipping_city').notNull().default(''),
    shippingState: text('shipping_state').notNull().default(''),
    shippingPostalCode: text('shipping_postal_code').notNull().default(''),
    shippingCountry: text('shipping_country').notNull().default(''),
    /** Storage key of the resized avatar, or null. */
    avatarKey: text('avatar_key'),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxChars('creator_profiles_bio_len', t.bio, L.bio),
    ...(
      [
        'gender',
        'address',
        'country',
        'website',
        'portfolioUrl',
        'linkedin',
        'instagram',
        'twitter',
        'facebook',
        'youtubeUrl',
        'shippingAddressLine1',
        'shippingAddressLine2',
        'shippingCity',
        'shippingState',
        'shippingPostalCode',
        'shippingCountry',
      ] as const
    ).map((key) => maxChars(`creator_profiles_${t[key].name}_len`, t[key], L.profileText)),
  ],
);

export const brandProfiles = pgTable(
  'brand_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /**
     * The member's role in its brand's team (issue 49); read only while `brand_id` is set. Every
     * brand account of before the teams became its brand's owner (migration 0029).
     */
    role: text('role', { enum: BRAND_ROLES }).notNull().default('owner'),
    companyName: text('company_name').notNull().default(''),
    companyLogo: text('company_logo').notNull().default(''),
  },
  (t) => [
    maxChars('brand_profiles_company_name_len', t.companyName, L.companyName),
    check('brand_profiles_role_known', sql`${t.role} in ('owner', 'manager', 'reviewer', 'viewer')`),
    // The team page lists a brand's members.
    index('brand_profiles_brand_idx').on(t.brandId),
  ],
);

/**
 * Invitations to a staff or brand account, sent by staff. The e-mailed token is stored only as its
 * SHA-256 hash; a link works once (`accepted_at`) and until `expires_at`.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['brand', 'staff'] }).notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    /** The team role a brand invitation gives (issue 49); null for staff invitations. */
    brandRole: text('brand_role', { enum: BRAND_ROLES }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestampTz('expires_at').notNull(),
    acceptedAt: timestampTz('accepted_at'),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Staff withdrew it: its link no longer works. */
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_created_idx').on(t.createdAt),
  ],
);

/** Third-party identities, keyed by issuer and subject (never by e-mail). */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_issuer_subject_key').on(t.issuer, t.subject)],
);

/**
 * Refresh tokens: one row per issued token. Rotation marks the old row used and links it to the
 * new one; presenting a used token revokes the whole family (theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /** The token this one was exchanged for (set with `usedAt`): a retry within the grace window gets it. */
    replacedBy: uuid('replaced_by'),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Fixed-window counters shared by every app process (rate limits, per-address throttles). */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestampTz('reset_at').notNull(),
});
