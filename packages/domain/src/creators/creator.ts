import { z } from 'zod';
import { LIMITS } from '../limits';
import { shippingAddressSchema } from '../common/address';
import { reviewStatusSchema, videoProcessingSchema } from '../videos/video-api';
import { APPLICATION_STATUSES } from '../contests/application';
import { ENTRY_STATUSES } from '../entries/entry-status';
import {
  PROFILE_RESPONSE_KEYS,
  PROFILE_STORED_FIELDS,
  type ProfileResponseFields,
  type ProfileStoredValues,
  type ProfileUpdate,
} from './profile';

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
  currentPasswordRequired: 'Please enter your current password to change your email address.',
  currentPasswordWrong: 'Your current password is incorrect.',
  emailChangeNeedsPassword:
    'Your account signs in with Google only. Set a password first (Forgot password) to change your email address.',
  emailChangeSent: (email: string) =>
    `We sent a verification link to ${email}. Your e-mail address changes once you confirm it.`,
  anonymous: 'Anonymous Creator',
  noBio: 'No bio provided',
} as const;

/** The stored profile fields under their response keys, each a string. */
const profileResponseFieldsSchema = z.object(
  Object.fromEntries(Object.values(PROFILE_RESPONSE_KEYS).map((key) => [key, z.string()])) as {
    [K in keyof ProfileResponseFields]: z.ZodString;
  },
);

/** GET/PATCH /api/accounts/auth/creator-profile/ (spec §3 "Creator profile (me call)"). */
export const creatorProfileResponseSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** A new address waiting for its verification link to be followed. */
  pending_email: z.string().nullable(),
  phone_number: z.string(),
  profile: profileResponseFieldsSchema.extend({
    profilePicture: z.string(),
    phoneNumber: z.string(),
    contest_participations: z.number(),
    contests_wins: z.number(),
    shipping_address: shippingAddressSchema,
  }),
  /** Set on the PATCH that started an e-mail change. */
  message: z.string().optional(),
});
export type CreatorProfile = z.infer<typeof creatorProfileResponseSchema>;

/**
 * The Edit Profile form's values (spec §3 update fields) from the profile the API gives: a pending
 * new address is shown instead of the current one.
 */
export function profileUpdateValues(profile: CreatorProfile): ProfileUpdate {
  const stored = Object.fromEntries(
    PROFILE_STORED_FIELDS.map((field) => [field, profile.profile[PROFILE_RESPONSE_KEYS[field]]]),
  ) as ProfileStoredValues;
  return {
    name: profile.full_name,
    email: profile.pending_email ?? profile.email,
    phone: profile.phone_number,
    ...stored,
  };
}

/** `GET /api/accounts/auth/confirm-email-change/{token}/`: the link's signed token. */
export const confirmEmailChangeParamsSchema = z.object({ token: z.string().min(1).max(2000) });
export type ConfirmEmailChangeParams = z.infer<typeof confirmEmailChangeParamsSchema>;

export const DASHBOARD_CONTEST_STATUSES = ['active', 'applied', 'completed'] as const;
export type DashboardContestStatus = (typeof DASHBOARD_CONTEST_STATUSES)[number];

/** A contest as the dashboard lists it (spec §3 "Contest on the dashboard"). */
export const dashboardContestSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  /** Prize in dollars with 2 decimals (the spec's field). */
  prize: z.string(),
  /** The same prize in integer cents of `currency` (ISO 4217), as every amount the API adds. */
  prize_cents: z.number(),
  currency: z.string(),
  /** Submission deadline (ISO). */
  deadline: z.string(),
  /** When the contest ends: winners announced (ISO). */
  end_date: z.string(),
  /** The contest's IANA time zone: its dates are shown as the contest pages show them. */
  timezone: z.string(),
  status: z.enum(DASHBOARD_CONTEST_STATUSES),
  application_status: z.enum(APPLICATION_STATUSES).nullable(),
  /**
   * The creator's latest submission: their entry (id) with its newest version, its status and
   * its timeline (issue 15); null before they submit.
   */
  submission: z
    .object({
      id: z.number(),
      video_id: z.number(),
      created_at: z.string(),
      video_title: z.string(),
      version: z.number(),
      status: z.enum(ENTRY_STATUSES),
      timeline: z.array(
        z.object({ step: z.enum(ENTRY_STATUSES), version: z.number().nullable(), at: z.string() }),
      ),
    })
    .nullable(),
  /** The creator's place and prize (integer cents in `currency`, ISO 4217), once results are published. */
  result: z.object({ place: z.number(), prize_cents: z.number(), currency: z.string() }).nullable(),
  /** The product's shipment to a selected creator (carrier and tracking number), once shipped. */
  shipment: z
    .object({
      carrier: z.string(),
      tracking_number: z.string(),
      shipped_at: z.string(),
      delivered_at: z.string().nullable(),
    })
    .nullable(),
  /** The creator's entry whose scorecard is readable (results published); null otherwise. */
  scorecard_entry_id: z.number().nullable().optional(),
  /**
   * The round the contest is in (issue 47: the first open or judging round, else the next
   * upcoming, else the last); `position` 1 for the first round, as the rounds list.
   */
  round: z
    .object({
      id: z.number(),
      title: z.string(),
      kind: z.enum(['idea', 'pitch', 'film']),
      position: z.number(),
    })
    .optional(),
  /** The creator was advanced from that round, or into it from the round before. */
  advanced: z.boolean().optional(),
});
export type DashboardContest = z.infer<typeof dashboardContestSchema>;

/** One of the creator's own videos on the dashboard (spec §2 My Videos). */
export const dashboardVideoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  status: z.enum(['processing', 'ready', 'failed']),
  failure_reason: z.string().nullable(),
  /** Processing's stage and percent (issue 16), shown on the card while renditions are made. */
  processing: videoProcessingSchema,
  is_approved: z.boolean(),
  /** Staff's decision and, for a rejected video, why. */
  review_status: reviewStatusSchema,
  review_reason: z.string().nullable(),
  contest_id: z.number().nullable(),
  /** The contest the video was entered in ('Contest Entry' chip), or null. */
  contest_title: z.string().nullable(),
  type: z.enum(['contest', 'standalone']),
  views: z.number(),
  likes: z.number(),
  created_at: z.string(),
  createdAt: z.string(),
});
export type DashboardVideo = z.infer<typeof dashboardVideoSchema>;

/** GET /api/accounts/creator/dashboard/ */
export const creatorContestsResponseSchema = z.object({
  running: z.array(dashboardContestSchema),
  applied: z.array(dashboardContestSchema),
  ended: z.array(dashboardContestSchema),
});
export type CreatorContests = z.infer<typeof creatorContestsResponseSchema>;

/**
 * GET /api/creator/dashboard/: the other variant of spec §3. `active_contests` and
 * `running_contests` hold the same list, `past_contests` the ended one.
 */
export const creatorDashboardResponseSchema = z.object({
  videos: z.array(dashboardVideoSchema),
  running_contests: z.array(dashboardContestSchema),
  active_contests: z.array(dashboardContestSchema),
  applied_contests: z.array(dashboardContestSchema),
  past_contests: z.array(dashboardContestSchema),
});
export type CreatorDashboard = z.infer<typeof creatorDashboardResponseSchema>;

/** GET /api/accounts/creators/stats/ */
export const creatorStatsResponseSchema = z.object({
  total_videos: z.number(),
  total_submissions: z.number(),
  contests_won: z.number(),
  contest_participations: z.number(),
});
export type CreatorStats = z.infer<typeof creatorStatsResponseSchema>;

/** GET /api/accounts/creators/earnings/: dollars with 2 decimals, as strings. */
export const creatorEarningsResponseSchema = z.object({
  total_earnings: z.string(),
  recent_earnings: z.string(),
  pending_payments: z.string(),
  currency: z.string(),
});
export type CreatorEarnings = z.infer<typeof creatorEarningsResponseSchema>;

/** GET /api/creators/submissions/ (spec §3 Submission). */
export const creatorSubmissionSchema = z.object({
  id: z.number(),
  video: z.object({ id: z.number(), title: z.string() }),
  contest: z.object({ id: z.number(), title: z.string() }),
  created_at: z.string(),
  submission_date: z.string(),
  view_count: z.number(),
});
export type CreatorSubmission = z.infer<typeof creatorSubmissionSchema>;

/** GET /api/creators/submissions/: newest first. */
export const creatorSubmissionsResponseSchema = z.array(creatorSubmissionSchema);
export type CreatorSubmissions = z.infer<typeof creatorSubmissionsResponseSchema>;

/** Days counted as "recent" by the earnings overview. */
export const RECENT_EARNINGS_DAYS = 30;
