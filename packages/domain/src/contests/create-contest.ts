import { z } from 'zod';
import { contestLandingSchema } from './landing';
import { PRODUCT_STATUSES } from './product';
import { rubricSchema } from './rubric';
import { approvalsRequiredSchema } from '../entries/approvals';
import { videoRequirementsSchema } from './video-requirements';
import { DEFAULT_LICENCE_TERMS, licenceTermsSchema } from '../paperwork/licence';

/** Bounds of the contest console's bodies. */
export const CONTEST_ADMIN_LIMITS = {
  productsMax: 12,
  /** Longest decision note (shown to the creator). */
  noteMax: 1_000,
  carrierMax: 80,
  trackingMax: 120,
  /** Rows per page of the applications list. */
  pageSize: 25,
  /** Most days a pending application may be held before a bulk release (and the fewest). */
  releaseDaysMax: 365,
  /** The console's first suggestion for that threshold: a week without a decision. */
  releaseDaysDefault: 7,
  /** Largest stock of one product. */
  stockMax: 1_000_000,
  /** Largest contest image (banner, thumbnail) before it is resized. */
  imageMaxBytes: 8 * 1024 * 1024,
} as const;

const line = (max: number) => z.string().trim().max(max);
const instant = () => z.iso.datetime({ offset: true });
/** A picture: a public path ('/products/e3.svg'), an http(s) URL or a stored media key. */
const imageRef = () => z.string().trim().max(500).default('');

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A brand as it is created (the contest console and the seed create brands this way). */
export const createBrandBodySchema = z.object({
  name: line(120).min(1),
  slug: line(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  description: line(1_000).default(''),
  logo_url: imageRef(),
  website: line(500).default(''),
});
export type CreateBrandBody = z.infer<typeof createBrandBodySchema>;

/** A product a contest offers, created with the contest, with its stock to give away. */
export const createProductBodySchema = z.object({
  code: line(20).min(1),
  name: line(120).min(1),
  description: line(1_000).default(''),
  concept: line(80).default(''),
  features: z.array(line(300).min(1)).max(20).default([]),
  image_url: imageRef(),
  stock_quantity: z.number().int().min(0).max(CONTEST_ADMIN_LIMITS.stockMax),
  /** The tile status shown when live stock cannot be read (spec §4); null: 'Status Unavailable'. */
  fallback_status: z.enum(PRODUCT_STATUSES).nullable().default(null),
});
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/**
 * A contest as it is created, with its products: everything its list card, detail page, landing
 * page, wizard and upload check show. Dates are ISO 8601 instants, in order.
 */
export const createContestBodySchema = z.object({
  slug: line(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  title: line(200).min(1),
  tagline: line(200).default(''),
  description: line(2_000).default(''),
  brand_id: z.number().int().positive(),
  thumbnail: imageRef(),
  banner: imageRef(),
  /** Whole currency units; or give `prize_cents` instead (one of them is required). */
  prize: z.number().int().min(0).max(10_000_000).optional(),
  /** The prize in cents (the contest console sends this). */
  prize_cents: z.number().int().min(0).max(1_000_000_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  eligibility: z.object({
    country: line(120),
    minimum_age: z.number().int().min(0).max(120),
    experience: line(300).default(''),
  }),
  brief: line(10_000).default(''),
  requirements: z.array(line(300).min(1)).max(20).default([]),
  video_requirements: videoRequirementsSchema.default(videoRequirementsSchema.parse({})),
  /** The grant the agreement states in fields (issue 51); the default agreement's terms. */
  licence_terms: licenceTermsSchema.default(DEFAULT_LICENCE_TERMS),
  landing: contestLandingSchema.default(contestLandingSchema.parse({})),
  timezone: z.string().max(64).refine(isTimeZone, 'an IANA time zone, e.g. America/Los_Angeles'),
  starts_at: instant(),
  application_deadline: instant(),
  submission_deadline: instant(),
  judging_starts_at: instant(),
  judging_ends_at: instant(),
  winners_at: instant(),
  products: z.array(createProductBodySchema).min(1).max(CONTEST_ADMIN_LIMITS.productsMax),
  /** Judging criteria, weights summing to 100 ([] until set). */
  rubric: rubricSchema.default([]),
  /** Brand approvals an entry's version needs before it counts as approved for use (issue 49). */
  approvals_required: approvalsRequiredSchema.default(0),
});
export type CreateContestBody = z.input<typeof createContestBodySchema>;
export type CreateContestData = z.infer<typeof createContestBodySchema>;
