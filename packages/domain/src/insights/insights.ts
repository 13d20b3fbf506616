import { z } from 'zod';

/** Limits of the play statistics and the insights pages (issue 33). */
export const INSIGHTS_LIMITS = {
  /** Beacons one client may send in a minute before it gets 429. */
  beaconsPerMinute: 120,
  /**
   * Viewer sessions of one client address counted per video and UTC day: a further session id
   * from the same address (made up, or a household's fourth tab) adds no viewer and no play.
   */
  viewerSessionsPerClient: 3,
  /** A viewer session id: what the player keeps in session storage. */
  sessionMin: 8,
  sessionMax: 64,
  /** Tenths of a film: 0 (start) … 10 (the end). */
  tenths: 10,
  /** The entries listed with their plays (most played first). */
  entriesShown: 100,
  /** The staff overview's days. */
  daysDefault: 30,
  daysMax: 90,
} as const;

export const INSIGHTS_MESSAGES = {
  session: 'The session must be 8 to 64 letters, digits, "-" or "_".',
  tenth: 'The tenth must be a whole number from 0 to 10.',
  event: 'The event must be "start" or "progress".',
  days: `Days must be a whole number from 1 to ${INSIGHTS_LIMITS.daysMax}.`,
  crossSite: 'Play statistics are accepted only from this site.',
} as const;

/** `POST /api/videos/videos/{id}/plays/`: one beacon of the player. */
export const playBeaconBodySchema = z.object({
  session: z
    .string()
    .min(INSIGHTS_LIMITS.sessionMin, INSIGHTS_MESSAGES.session)
    .max(INSIGHTS_LIMITS.sessionMax, INSIGHTS_MESSAGES.session)
    .regex(/^[A-Za-z0-9_-]+$/, INSIGHTS_MESSAGES.session),
  event: z.enum(['start', 'progress'], { message: INSIGHTS_MESSAGES.event }),
  tenth: z
    .number({ message: INSIGHTS_MESSAGES.tenth })
    .int(INSIGHTS_MESSAGES.tenth)
    .min(0, INSIGHTS_MESSAGES.tenth)
    .max(INSIGHTS_LIMITS.tenths, INSIGHTS_MESSAGES.tenth),
});
export type PlayBeaconBody = z.infer<typeof playBeaconBodySchema>;

/** Eleven shares (0–1): of the viewers, how many reached each tenth of the film (0 = started). */
const retentionSchema = z.array(z.number().min(0).max(1)).length(INSIGHTS_LIMITS.tenths + 1);

/** A video's play numbers: plays, unique viewer sessions and the average share watched (0–1). */
export const playNumbersSchema = z.object({
  plays: z.number().int().nonnegative(),
  viewers: z.number().int().nonnegative(),
  average_watched: z.number().min(0).max(1),
});

export const contestFunnelSchema = z.object({
  applied: z.number().int().nonnegative(),
  selected: z.number().int().nonnegative(),
  shipped: z.number().int().nonnegative(),
  submitted: z.number().int().nonnegative(),
  checked: z.number().int().nonnegative(),
  scored: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
});
export type ContestFunnel = z.infer<typeof contestFunnelSchema>;
export const FUNNEL_STEPS = [
  'applied',
  'selected',
  'shipped',
  'submitted',
  'checked',
  'scored',
  'paid',
] as const satisfies ReadonlyArray<keyof ContestFunnel>;
export const FUNNEL_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  applied: 'Applied',
  selected: 'Selected',
  shipped: 'Shipped',
  submitted: 'Submitted',
  checked: 'Checked',
  scored: 'Scored',
  paid: 'Paid',
};

/** `GET /api/brand/contests/{id}/insights/` (staff, the contest's brand). */
export const contestInsightsSchema = z.object({
  contest_id: z.number().int(),
  title: z.string(),
  funnel: contestFunnelSchema,
  /** Entries first submitted per day (UTC dates, oldest first), with the running total. */
  submissions_by_day: z.array(
    z.object({ date: z.string(), count: z.number().int(), cumulative: z.number().int() }),
  ),
  submission_deadline: z.string(),
  /** Per judge who scored an entry of the contest: entries scored of the entries to judge. */
  judges: z.array(
    z.object({
      judge_id: z.number().int(),
      name: z.string(),
      scored: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** The most played entries (at most `INSIGHTS_LIMITS.entriesShown`), most played first. */
  entries: z.array(
    playNumbersSchema.extend({
      entry_id: z.number().int(),
      title: z.string(),
      retention: retentionSchema,
    }),
  ),
  /** How many entries the contest has (more than `entries` lists when it is long). */
  entries_total: z.number().int(),
});
export type ContestInsights = z.infer<typeof contestInsightsSchema>;

/** `GET /api/staff/insights/?days=30`. */
export const staffInsightsQuerySchema = z.object({
  days: z.coerce
    .number({ message: INSIGHTS_MESSAGES.days })
    .int(INSIGHTS_MESSAGES.days)
    .min(1, INSIGHTS_MESSAGES.days)
    .max(INSIGHTS_LIMITS.daysMax, INSIGHTS_MESSAGES.days)
    .default(INSIGHTS_LIMITS.daysDefault),
});

export const staffInsightsSchema = z.object({
  days: z.number().int(),
  /** One row per UTC day, oldest first, every day of the period (zeros included). */
  by_day: z.array(
    z.object({
      date: z.string(),
      /** Videos uploaded that day. */
      uploads: z.number().int(),
      /** Of those, processing failed. */
      failed: z.number().int(),
      /** Processing time of the videos finished that day (seconds); null on a day with none. */
      processing_p50_seconds: z.number().nullable(),
      processing_p95_seconds: z.number().nullable(),
    }),
  ),
  /** The review queue now: ready videos waiting for a decision, by how long they have waited. */
  review_queue: z.object({
    waiting: z.number().int(),
    oldest_waiting_since: z.string().nullable(),
    by_age: z.array(z.object({ label: z.string(), count: z.number().int() })),
  }),
});
export type StaffInsights = z.infer<typeof staffInsightsSchema>;

/** `GET /api/creator/videos/plays/`: the caller's own videos' play numbers. */
export const myVideoPlaysSchema = z.object({
  videos: z.array(playNumbersSchema.extend({ video_id: z.number().int() })),
});
export type MyVideoPlays = z.infer<typeof myVideoPlaysSchema>;

/** A 204's (absent) body. */
export const noContentSchema = z.null();
