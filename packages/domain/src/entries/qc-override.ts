import { z } from 'zod';

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
export const qcOverrideBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(QC_OVERRIDE_LIMITS.reasonMin, { error: QC_OVERRIDE_MESSAGES.reason })
    .max(QC_OVERRIDE_LIMITS.reasonMax, { error: QC_OVERRIDE_MESSAGES.reason }),
  video_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type QcOverrideBody = z.infer<typeof qcOverrideBodySchema>;

/** The override as recorded: one per contest and video. */
export const qcOverrideSchema = z.object({
  entry_id: z.number().int(),
  contest_id: z.number().int(),
  video_id: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
});
export type QcOverride = z.infer<typeof qcOverrideSchema>;
