import { z } from 'zod';
import { QC_CHECK_IDS } from '../videos/qc-words';

/** The bounds of a QC override's reason (issue 51). */
export const QC_OVERRIDE_LIMITS = { reasonMin: 3, reasonMax: 500 } as const;

export const QC_OVERRIDE_MESSAGES = {
  reason: `Say why, in ${QC_OVERRIDE_LIMITS.reasonMin} to ${QC_OVERRIDE_LIMITS.reasonMax} characters.`,
} as const;

/**
 * `POST /api/entries/{id}/qc-override/` (staff): lets a video through the contest's blocking
 * technical checks. The video is the entry's current version's, or `video_id`, another video of
 * the entry's creator that was refused (the override then lets their next submission of it in).
 */
/** Staff's reason for letting a video through (every override asks it; the web's dialogs too). */
export const qcOverrideReasonSchema = z
  .string()
  .trim()
  .min(QC_OVERRIDE_LIMITS.reasonMin, { error: QC_OVERRIDE_MESSAGES.reason })
  .max(QC_OVERRIDE_LIMITS.reasonMax, { error: QC_OVERRIDE_MESSAGES.reason });

const videoIdSchema = z.number().int().positive().max(2_147_483_647);

export const qcOverrideBodySchema = z.object({
  reason: qcOverrideReasonSchema,
  video_id: videoIdSchema.optional(),
});
export type QcOverrideBody = z.infer<typeof qcOverrideBodySchema>;

/** The override as recorded: one per contest and video. */
export const qcOverrideSchema = z.object({
  /** The entry it was asked on; null when staff let a refused first submission through. */
  entry_id: z.number().int().nullable(),
  contest_id: z.number().int(),
  video_id: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
});
export type QcOverride = z.infer<typeof qcOverrideSchema>;

/**
 * `POST /api/contests/{id}/qc-overrides/` (staff): lets a submission the gate refused through,
 * entry or not (a refused first submission has none): the creator's next submission of the video
 * passes. The video must be one of the contest's held submissions (`qcRefusalSchema`), else 404.
 */
export const contestQcOverrideBodySchema = z.object({
  video_id: videoIdSchema,
  reason: qcOverrideReasonSchema,
});
export type ContestQcOverrideBody = z.infer<typeof contestQcOverrideBodySchema>;

/** The reason form of "Let it through" (the web's dialog): the same rule as the API's. */
export const qcOverrideReasonFormSchema = z.object({ reason: qcOverrideReasonSchema });
export type QcOverrideReasonForm = z.infer<typeof qcOverrideReasonFormSchema>;

/**
 * `GET /api/contests/{id}/qc-refusals/` (staff): a submission held at the technical check (refused
 * with `qc_failed`, issue 51) that staff have not let through, newest refusal first. A repeat
 * refusal of the same video updates its row.
 */
export const qcRefusalSchema = z.object({
  contest_id: z.number().int(),
  video_id: z.number().int(),
  video_title: z.string(),
  creator: z.object({ id: z.number().int(), name: z.string() }),
  /** The blocking checks that failed. */
  checks: z.array(z.enum(QC_CHECK_IDS)),
  refused_at: z.string(),
});
export type QcRefusal = z.infer<typeof qcRefusalSchema>;
export const qcRefusalListSchema = z.array(qcRefusalSchema);
