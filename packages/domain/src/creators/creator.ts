import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * Creator dashboard API shapes (spec §3, §7) and the few messages of its own. The server renders
 * responses through these schemas; the web app types its queries with them.
 */

/** Double-submit CSRF token names of the original Django back end (spec §7 PATCH creator-profile). */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

export const CREATOR_MESSAGES = {
  csrfFailed: 'CSRF Failed: CSRF token missing or incorrect.',
  avatarInvalid: 'Upload a valid image: JPEG, PNG or WebP.',
  avatarTooLarge: `The image must be at most ${LIMITS.avatarMaxBytes / (1024 * 1024)} MB.`,
  emailTaken: 'A user with this email already exists.',
  emailChangeSent: (email: string) =>
    `We sent a verification link to ${email}. Your e-mail address changes once you confirm it.`,
  anonymous: 'Anonymous Creator',
  noBio: 'No bio provided',
} as const;

/** Integer cents → '1234.50' (the API's 2-decimal amounts; no floating point on the way). */
export function centsToAmount(cents: number | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

const shippingAddress = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal: z.string(),
  country: z.string(),
});

/** GET/PATCH /api/accounts/auth/creator-profile/ (spec §3 "Creator profile (me call)"). */
export const creatorProfileResponse = z.object({
  id: z.number(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** A new address waiting for its verification link to be followed. */
  pending_email: z.string().nullable(),
  phone_number: z.string(),
  profile: z.object({
    bio: z.string(),
    address: z.string(),
    gender: z.string(),
    website: z.string(),
    linkedin: z.string(),
    twitter: z.string(),
    youtube_url: z.string(),
    portfolio_url: z.string(),
    instagram_url: z.string(),
    facebook_url: z.string(),
    shipping_address_line1: z.string(),
    shipping_address_line2: z.string(),
    shipping_city: z.string(),
    shipping_state: z.string(),
    shipping_postal_code: z.string(),
    shipping_country: z.string(),
    profilePicture: z.string(),
    phoneNumber: z.string(),
    contest_participations: z.number(),
    contests_wins: z.number(),
    shipping_address: shippingAddress,
  }),
  /** Set on the PATCH that started an e-mail change. */
  message: z.string().optional(),
});
export type CreatorProfile = z.infer<typeof creatorProfileResponse>;

export const DASHBOARD_CONTEST_STATUSES = ['active', 'applied', 'completed'] as const;
export type DashboardContestStatus = (typeof DASHBOARD_CONTEST_STATUSES)[number];

/** A contest as the dashboard lists it (spec §3 "Contest on the dashboard"). */
export const dashboardContest = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  /** Prize in dollars with 2 decimals. */
  prize: z.string(),
  /** Submission deadline (ISO). */
  deadline: z.string(),
  /** When the contest ends: winners announced (ISO). */
  end_date: z.string(),
  /** The contest's IANA time zone: its dates are shown as the contest pages show them. */
  timezone: z.string(),
  status: z.enum(DASHBOARD_CONTEST_STATUSES),
  application_status: z.enum(['pending', 'selected', 'rejected']).nullable(),
  submission: z.object({ id: z.number(), video_id: z.number(), created_at: z.string() }).nullable(),
  result: z.object({ place: z.number(), prize: z.string() }).nullable(),
});
export type DashboardContest = z.infer<typeof dashboardContest>;

/** One of the creator's own videos on the dashboard (spec §2 My Videos). */
export const dashboardVideo = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  status: z.enum(['processing', 'ready', 'failed']),
  failure_reason: z.string().nullable(),
  is_approved: z.boolean(),
  contest_id: z.number().nullable(),
  type: z.enum(['contest', 'standalone']),
  views: z.number(),
  likes: z.number(),
  created_at: z.string(),
  createdAt: z.string(),
});
export type DashboardVideo = z.infer<typeof dashboardVideo>;

/** GET /api/accounts/creator/dashboard/ */
export const creatorContestsResponse = z.object({
  running: z.array(dashboardContest),
  applied: z.array(dashboardContest),
  ended: z.array(dashboardContest),
});
export type CreatorContests = z.infer<typeof creatorContestsResponse>;

/**
 * GET /api/creator/dashboard/: the other variant of spec §3. `active_contests` and
 * `running_contests` hold the same list, `past_contests` the ended one.
 */
export const creatorDashboardResponse = z.object({
  videos: z.array(dashboardVideo),
  running_contests: z.array(dashboardContest),
  active_contests: z.array(dashboardContest),
  applied_contests: z.array(dashboardContest),
  past_contests: z.array(dashboardContest),
});
export type CreatorDashboard = z.infer<typeof creatorDashboardResponse>;

/** GET /api/accounts/creators/stats/ */
export const creatorStatsResponse = z.object({
  total_videos: z.number(),
  total_submissions: z.number(),
  contests_won: z.number(),
  contest_participations: z.number(),
});
export type CreatorStats = z.infer<typeof creatorStatsResponse>;

/** GET /api/accounts/creators/earnings/: dollars with 2 decimals, as strings. */
export const creatorEarningsResponse = z.object({
  total_earnings: z.string(),
  recent_earnings: z.string(),
  pending_payments: z.string(),
  currency: z.string(),
});
export type CreatorEarnings = z.infer<typeof creatorEarningsResponse>;

/** GET /api/creators/submissions/ (spec §3 Submission). */
export const creatorSubmission = z.object({
  id: z.number(),
  video: z.object({ id: z.number(), title: z.string() }),
  contest: z.object({ id: z.number(), title: z.string() }),
  created_at: z.string(),
  submission_date: z.string(),
  view_count: z.number(),
});
export type CreatorSubmission = z.infer<typeof creatorSubmission>;

/** Days counted as "recent" by the earnings overview. */
export const RECENT_EARNINGS_DAYS = 30;
