/**
 * Contests and their products as the API returns them (GET /api/contests/…, GET /api/brands/{id}/products/),
 * and the one rule that turns a contest's timeline into its status.
 */

/**
 * Where a contest is on its timeline. Derived from the dates, never stored:
 * upcoming → open (applications) → production (videos are being made) → judging → ended.
 */
export const CONTEST_STATUSES = ['upcoming', 'open', 'production', 'judging', 'ended'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];
/** 'Active' in the contest list: started and not yet over. */
export const ACTIVE_CONTEST_STATUSES: readonly ContestStatus[] = ['open', 'production', 'judging'];

export interface ContestTimeline {
  starts_at: string;
  application_deadline: string;
  submission_deadline: string;
  judging_starts_at: string;
  judging_ends_at: string;
  winners_at: string;
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

export interface ContestEligibilityResponse {
  country: string;
  minimum_age: number;
  experience: string;
}

export interface ContestBrandResponse {
  id: number;
  name: string;
  slug: string;
  logo_url: string;
}

/** GET /api/contests/{id}/ (and each item of /api/contests/ and /api/contests/active/). */
export interface ContestResponse extends ContestTimeline {
  id: number;
  slug: string;
  title: string;
  tagline: string;
  description: string;
  brand: ContestBrandResponse;
  /** Image URL, or null when the contest has none (the list shows a placeholder). */
  thumbnail: string | null;
  banner: string | null;
  /** Whole currency units (5000 = 5,000 USD). */
  prize: number;
  currency: string;
  eligibility: ContestEligibilityResponse;
  brief: string;
  /** Video requirements, one line each. */
  requirements: string[];
  /** IANA time zone the contest's deadlines are stated in (e.g. America/Los_Angeles). */
  timezone: string;
  /** See contestDeadline. */
  deadline: string;
  status: ContestStatus;
  accepting_applications: boolean;
}

export type ProductStatus = 'available' | 'all_picked';

/** One product (a chair) with its live stock. */
export interface ProductResponse {
  id: number;
  code: string;
  name: string;
  description: string;
  status: ProductStatus;
  stock_quantity: number;
}

export function productStatus(stockQuantity: number): ProductStatus {
  return stockQuantity > 0 ? 'available' : 'all_picked';
}

/** POST /api/contests/{id}/apply/ → 201. */
export interface ApplicationResponse {
  id: number;
  contest_id: number;
  product_id: number;
  status: 'pending' | 'selected' | 'rejected';
  created_at: string;
  /** Stock left of the chosen product after this application. */
  stock_quantity: number;
}

/**
 * A contest date in the contest's own time zone, e.g. '08-22-2025' or, with the time,
 * '08-22-2025 11:59 PM PST' (the spec's style). Every page formats contest dates with this.
 */
export function formatContestDate(iso: string, timezone: string, options: { time?: boolean } = {}): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(options.time ? { hour: 'numeric', minute: '2-digit', hour12: true, timeZoneName: 'short' } : {}),
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('month')}-${get('day')}-${get('year')}`;
  if (!options.time) return date;
  return `${date} ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()} ${get('timeZoneName')}`;
}

/** A contest date written out, e.g. 'August 30, 2025', in the contest's time zone. */
export function formatContestDateLong(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso));
}

/** '5,000 USD' style prize text. */
export function formatPrize(amount: number, currency = 'USD'): string {
  return `${amount.toLocaleString('en-US')} ${currency}`;
}

/** Messages of the contest API that spec §8 does not word (the spec's own are in MESSAGES). */
export const CONTEST_MESSAGES = {
  invalidProduct: 'Please choose one of the chairs offered by this contest.',
} as const;

/** `?status=` of GET /api/contests/: one status, or 'active' (open, production or judging). */
export const CONTEST_FILTERS = ['active', 'upcoming', 'open', 'production', 'judging', 'ended'] as const;
export type ContestFilter = (typeof CONTEST_FILTERS)[number];
