import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, maxChars, timestampTz, updatedAt } from './columns';
import { brands } from './brands';
import { users } from './accounts';
import {
  AGREEMENT_LIMITS,
  DEFAULT_LICENCE_TERMS,
  FIELD_LIMITS as L,
  ROUND_LIMITS,
  type RoundEntryPolicy,
  type RoundKind,
  type ContestLanding,
  type LicenceTerms,
  type RubricCriterion,
  type VideoRequirements,
} from '@app/domain';

/** A contest holds everything its pages show, once: every date on every page is read from here. */
export const contests = pgTable(
  'contests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    tagline: text('tagline').notNull().default(''),
    description: text('description').notNull().default(''),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    thumbnailUrl: text('thumbnail_url').notNull().default(''),
    bannerUrl: text('banner_url').notNull().default(''),
    prizeCents: integer('prize_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** { country, minimumAge, experience } */
    eligibility: jsonb('eligibility').$type<ContestEligibility>().notNull(),
    brief: text('brief').notNull().default(''),
    /** Video requirements as bullet lines (display text). */
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    /** The same requirements, machine-readable (`videoRequirementsSchema`); {} asks nothing. */
    videoRequirements: jsonb('video_requirements').$type<Partial<VideoRequirements>>().notNull().default({}),
    /** The grant the agreement states in fields (issue 51, `licenceTermsSchema`). */
    licenceTerms: jsonb('licence_terms').$type<LicenceTerms>().notNull().default(DEFAULT_LICENCE_TERMS),
    /** Words of the contest's pages (`contestLandingSchema`); {} takes the defaults. */
    landing: jsonb('landing').$type<Partial<ContestLanding>>().notNull().default({}),
    timezone: text('timezone').notNull().default('America/Los_Angeles'),
    startsAt: timestampTz('starts_at').notNull(),
    applicationDeadline: timestampTz('application_deadline').notNull(),
    submissionDeadline: timestampTz('submission_deadline').notNull(),
    judgingStartsAt: timestampTz('judging_starts_at').notNull(),
    judgingEndsAt: timestampTz('judging_ends_at').notNull(),
    winnersAt: timestampTz('winners_at').notNull(),
    /**
     * draft (visible to staff and its brand only) → published → archived. A brand's new contest is a
     * draft until staff publish it; contests made by staff or the CLI may be published at once.
     */
    publicationStatus: text('publication_status', { enum: ['draft', 'published', 'archived'] })
      .notNull()
      .default('published'),
    /** Judging criteria with weights summing to 100 (`rubricSchema`); [] until set. */
    rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull().default([]),
    /**
     * How many brand approvals an entry's version needs before it counts as approved for use
     * (issue 49, 0–5); 0 asks none, and results do not wait for any.
     */
    approvalsRequired: integer('approvals_required').notNull().default(0),
    /** When the results were published (final except through an audited correction); null before. */
    resultsPublishedAt: timestampTz('results_published_at'),
    /** Who created it (staff or brand user); null for the seed and the CLI. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // What a video's copy of its contest's brand refers to (videos.contest_brand_id), so the
  // database keeps that copy equal to the contest's brand.
  (t) => [
    unique('contests_id_brand_id_key').on(t.id, t.brandId),
    check('contests_approvals_required_range', sql`${t.approvalsRequired} between 0 and 5`),
  ],
);

/**
 * A contest's rounds in order (issue 47): ideas, pitches, films. Every contest has at least one (a
 * film round built from its timeline); the last round's `closes_at`, `judging_ends_at` and rubric
 * are the contest's submission deadline, judging end and rubric, kept equal by the contests module.
 */
export const contestRounds = pgTable(
  'contest_rounds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    /** 0 for the first round. */
    position: integer('position').notNull(),
    kind: text('kind').$type<RoundKind>().notNull(),
    title: text('title').notNull(),
    brief: text('brief').notNull().default(''),
    opensAt: timestampTz('opens_at').notNull(),
    closesAt: timestampTz('closes_at').notNull(),
    judgingEndsAt: timestampTz('judging_ends_at').notNull(),
    entryPolicy: text('entry_policy').$type<RoundEntryPolicy>().notNull(),
    allowWildcards: boolean('allow_wildcards').notNull().default(false),
    /** How many creators the brand means to advance from this round. */
    advanceCount: integer('advance_count').notNull().default(0),
    /** Paid to each creator advanced from this round, in the contest's currency. */
    stipendCents: integer('stipend_cents').notNull().default(0),
    /** Judging criteria of this round (`rubricSchema`); [] until set. */
    rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contest_rounds_contest_position_key').on(t.contestId, t.position),
    check('contest_rounds_kind', sql`${t.kind} in ('idea', 'pitch', 'film')`),
    check('contest_rounds_entry_policy', sql`${t.entryPolicy} in ('open', 'selected', 'advanced')`),
    check('contest_rounds_position_nonnegative', sql`${t.position} >= 0`),
    check('contest_rounds_advance_count_nonnegative', sql`${t.advanceCount} >= 0`),
    check('contest_rounds_stipend_nonnegative', sql`${t.stipendCents} >= 0`),
    maxChars('contest_rounds_title_len', t.title, ROUND_LIMITS.titleMax),
    maxChars('contest_rounds_brief_len', t.brief, ROUND_LIMITS.briefMax),
  ],
);

export interface ContestEligibility {
  country: string;
  minimumAge: number;
  experience: string;
}

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The concept or mood the product stands for on the contest's pages. */
    concept: text('concept').notNull().default(''),
    /** Features a creator's film should show, one line each. */
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** A public path, an http(s) URL or a stored media key; '' draws a neutral illustration. */
    imageUrl: text('image_url').notNull().default(''),
    /** Units left to give away; never negative (the database refuses it too). */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`)],
);

/** Which products a contest offers. */
export const contestProducts = pgTable(
  'contest_products',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** The tile status shown when live stock cannot be read (spec §4); null: 'Status Unavailable'. */
    fallbackStatus: text('fallback_status', { enum: ['available', 'all_picked'] }),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.productId] })],
);

export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** pending → selected | declined; selected → withdrawn (by staff, before shipping). */
    status: text('status', { enum: ['pending', 'selected', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** The optional note given with the selection or decline. */
    decisionNote: text('decision_note').notNull().default(''),
    decidedAt: timestampTz('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Shipping of the product to a selected creator. */
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestampTz('shipped_at'),
    deliveredAt: timestampTz('delivered_at'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** The address exactly as sent with the application. */
    shippingAddress: jsonb('shipping_address').$type<Record<string, string>>().notNull(),
    youtubeUrl: text('youtube_url').notNull().default(''),
    instagramUrl: text('instagram_url').notNull().default(''),
    portfolioUrl: text('portfolio_url').notNull().default(''),
    termsAcceptedAt: timestampTz('terms_accepted_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('applications_contest_user_key').on(t.contestId, t.userId),
    index('applications_user_idx').on(t.userId),
    // The contests' applications list (newest or oldest first, by status) and its count, from the index.
    index('applications_contest_created_idx').on(
      t.contestId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('applications_contest_status_idx').on(
      t.contestId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    maxChars('applications_full_name_len', t.fullName, L.name),
    maxChars('applications_email_len', t.email, L.email),
    maxChars('applications_phone_number_len', t.phoneNumber, L.phone),
    maxChars('applications_bio_len', t.bio, L.bio),
    maxChars('applications_youtube_url_len', t.youtubeUrl, L.url),
    maxChars('applications_instagram_url_len', t.instagramUrl, L.url),
    maxChars('applications_portfolio_url_len', t.portfolioUrl, L.url),
    maxChars('applications_decision_note_len', t.decisionNote, L.decisionNote),
  ],
);

/**
 * A contest's agreement, one row per version (issue 31). Version 1 is the default text
 * (`defaultAgreementText`), stored on the first read of a published contest; staff replace it in
 * place while the contest is a draft, and add version n+1 once it is published. `sha256` is the hex
 * SHA-256 of the text's UTF-8 bytes: what entrants accept and the licence certificate names.
 */
export const contestAgreements = pgTable(
  'contest_agreements',
  {
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    /** Null for the default text stored on first read. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.version] }),
    maxChars('contest_agreements_text_len', t.text, AGREEMENT_LIMITS.textMax),
    check('contest_agreements_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A creator's acceptance of a version of a contest's agreement, written in the transaction of the
 * application (`context` 'apply', `ref_id` the application) or the entry version ('entry', the
 * entry version's id). Rows are only added: the history of what was accepted, when and from where.
 */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contestId: integer('contest_id').notNull(),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    acceptedAt: timestampTz('accepted_at').notNull().defaultNow(),
    /** The client's address as the server saw it (request.ip, behind TRUST_PROXY). */
    clientIp: text('client_ip').notNull(),
    context: text('context').$type<AgreementContext>().notNull(),
    refId: integer('ref_id').notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.contestId, t.version],
      foreignColumns: [contestAgreements.contestId, contestAgreements.version],
      name: 'agreement_acceptances_agreement_fk',
    }).onDelete('cascade'),
    index('agreement_acceptances_user_contest_idx').on(t.userId, t.contestId, t.acceptedAt),
    check('agreement_acceptances_context', sql`${t.context} in ('apply', 'entry')`),
    maxChars('agreement_acceptances_client_ip_len', t.clientIp, 64),
  ],
);

/** Where an acceptance was given. */
export type AgreementContext = 'apply' | 'entry';
