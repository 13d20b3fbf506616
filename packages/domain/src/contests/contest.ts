import { z } from 'zod';
import { contestLandingSchema } from './landing';
import { contestProductSchema } from './product';
import { rubricCriterionSchema } from './rubric';
import { videoRequirementsSchema } from './video-requirements';
import { licenceTermsResponseSchema } from '../paperwork/licence';

/**
 * Contests as the API returns them (GET /api/contests/…), the one rule that turns a contest's
 * timeline into its status, and how contest dates are written.
 */

/**
 * Where a contest is on its timeline. Derived from the dates, never stored:
 * upcoming → open (applications) → production (videos are being made) → judging → ended.
 */
export const CONTEST_STATUSES = ['upcoming', 'open', 'production', 'judging', 'ended'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
/** 'Active' in the contest list: started and not yet over. */
export const ACTIVE_CONTEST_STATUSES: readonly ContestStatus[] = ['open', 'production', 'judging'];

/** A contest's dates (ISO 8601 instants). */
export const contestTimelineSchema = z.object({
  starts_at: z.string(),
  application_deadline: z.string(),
  submission_deadline: z.string(),
  judging_starts_at: z.string(),
  judging_ends_at: z.string(),
  winners_at: z.string(),
});
export type ContestTimeline = z.infer<typeof contestTimelineSchema>;

/** The timeline's dates in their order (start, applications, videos, judging, winners). */
export const TIMELINE_FIELDS = [
  'starts_at',
  'application_deadline',
  'submission_deadline',
  'judging_starts_at',
  'judging_ends_at',
  'winners_at',
] as const satisfies ReadonlyArray<keyof ContestTimeline>;

/** The first date of a timeline that comes before the one it follows, or null when all are in order. */
export function timelineOrderError(timeline: ContestTimeline): (typeof TIMELINE_FIELDS)[number] | null {
  for (let i = 1; i < TIMELINE_FIELDS.length; i++) {
    const field = TIMELINE_FIELDS[i]!;
    if (new Date(timeline[field]).getTime() < new Date(timeline[TIMELINE_FIELDS[i - 1]!]).getTime())
      return field;
  }
  return null;
}

/** The status of a contest at `now` (ISO strings or Dates). */
export function contestStatusAt(timeline: ContestTimeline, now: Date = new Date()): ContestStatus {
  const t = now.getTime();
  const at = (iso: string) => new Date(iso).getTime();
  if (t < at(timeline.starts_at)) return 'upcoming';
  if (t <= at(timeline.application_deadline)) return 'open';
  if (t <= at(timeline.submission_deadline)) return 'production';
  if (t < at(timeline.winners_at)) return 'judging';
  return 'ended';
}

/**
 * The deadline a contest card shows: the application deadline until applications close, then the
 * video submission deadline.
 */
export function contestDeadline(timeline: ContestTimeline, now: Date = new Date()): string {
  const status = contestStatusAt(timeline, now);
  return status === 'upcoming' || status === 'open'
    ? timeline.application_deadline
    : timeline.submission_deadline;
}

export const contestEligibilitySchema = z.object({
  country: z.string(),
  minimum_age: z.number().int(),
  experience: z.string(),
});
export type ContestEligibility = z.infer<typeof contestEligibilitySchema>;

export const contestBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string(),
});
export type ContestBrand = z.infer<typeof contestBrandSchema>;

/** GET /api/contests/{id}/ (and each item of /api/contests/ and /api/contests/active/). */
export const contestResponseSchema = contestTimelineSchema.extend({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  brand: contestBrandSchema,
  /** Image URL, or null when the contest has none (the list shows a placeholder). */
  thumbnail: z.string().nullable(),
  banner: z.string().nullable(),
  /** Whole currency units (5000 = 5,000 USD). */
  prize: z.number(),
  currency: z.string(),
  eligibility: contestEligibilitySchema,
  brief: z.string(),
  /** Video requirements as display lines, one each. */
  requirements: z.array(z.string()),
  /** The same requirements, machine-readable (the upload dialog checks files against these). */
  video_requirements: videoRequirementsSchema,
  /** The licence a placed entry grants the brand (channels, territories, term, exclusivity). */
  licence_terms: licenceTermsResponseSchema,
  /** Words of the contest's pages: product noun, landing concepts, format notes, inspiration. */
  landing: contestLandingSchema,
  /** The products the contest offers, in the order its pages show them (stock: the products call). */
  products: z.array(contestProductSchema),
  /** IANA time zone the contest's deadlines are stated in (e.g. America/Los_Angeles). */
  timezone: z.string(),
  /** See contestDeadline. */
  deadline: z.string(),
  status: z.enum(CONTEST_STATUSES),
  accepting_applications: z.boolean(),
  /** draft (staff and its brand only), published, archived (off the lists); see PUBLICATION_STATUSES. */
  publication_status: z.enum(['draft', 'published', 'archived']),
  /** Judging criteria with weights summing to 100 ([] until set). */
  rubric: z.array(rubricCriterionSchema),
  /** The prize in cents (prize × 100). */
  prize_cents: z.number().int(),
  /** Brand approvals an entry's version needs before it counts as approved (0: none asked; issue 49). */
  approvals_required: z.number().int(),
});
export type ContestResponse = z.infer<typeof contestResponseSchema>;

export const contestListResponseSchema = z.array(contestResponseSchema);

/** `/api/contests/{id}/…`: a numeric id or a slug. */
export const contestParamsSchema = z.object({ id: z.string().min(1).max(200) });
export type ContestParams = z.infer<typeof contestParamsSchema>;

/** Messages of the contest API that spec §8 does not word (the spec's own are in MESSAGES). */
export const CONTEST_MESSAGES = {
  invalidProduct: 'Please choose one of the products offered by this contest.',
} as const;

/** `?status=` of GET /api/contests/: one status, or 'active' (open, production or judging). */
export const CONTEST_FILTERS = ['active', 'upcoming', 'open', 'production', 'judging', 'ended'] as const;
export type ContestFilter = (typeof CONTEST_FILTERS)[number];

export const contestListQuerySchema = z.object({ status: z.enum(CONTEST_FILTERS).optional() });
export type ContestListQuery = z.infer<typeof contestListQuerySchema>;
