import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/paging';
import { videoSchema } from '../videos/video-api';
import { STAFF_LIMITS, STAFF_MESSAGES } from './limits';

/** The review queue's filters: staff's decision, or videos whose processing failed. */
export const STAFF_REVIEW_FILTERS = ['pending', 'approved', 'rejected', 'failed'] as const;

/** `GET /api/staff/videos/?review=&page=` (oldest first). */
export const staffVideoListQuerySchema = pageQuerySchema.extend({
  review: z.enum(STAFF_REVIEW_FILTERS).default('pending'),
});
export type StaffVideoListQuery = z.infer<typeof staffVideoListQuerySchema>;

/** A video in the review queue: as in the library, plus its creator's e-mail. */
export const staffVideoSchema = videoSchema.extend({ creator_email: z.string() });
export type StaffVideo = z.infer<typeof staffVideoSchema>;

export const staffVideoPageSchema = pageSchema(staffVideoSchema);
export type StaffVideoPage = z.infer<typeof staffVideoPageSchema>;

const reasonSchema = z
  .string({ error: STAFF_MESSAGES.reasonRequired })
  .trim()
  .min(1, STAFF_MESSAGES.reasonRequired)
  .max(STAFF_LIMITS.reviewReasonMax, STAFF_MESSAGES.reasonTooLong);

/** `POST /api/staff/videos/{id}/reject/`: the reason is required (the creator reads it). */
export const videoRejectBodySchema = z.object({ reason: reasonSchema });
export type VideoRejectBody = z.infer<typeof videoRejectBodySchema>;

const videoIdsSchema = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1)
  .max(STAFF_LIMITS.bulkMax);

/** `POST /api/staff/videos/approve/`. */
export const bulkApproveBodySchema = z.object({ ids: videoIdsSchema });
export type BulkApproveBody = z.infer<typeof bulkApproveBodySchema>;

/** `POST /api/staff/videos/reject/`: one reason for every selected video. */
export const bulkRejectBodySchema = z.object({ ids: videoIdsSchema, reason: reasonSchema });
export type BulkRejectBody = z.infer<typeof bulkRejectBodySchema>;

/** What happened to each video of a bulk decision. */
export const BULK_OUTCOMES = ['decided', 'conflict', 'not_found'] as const;

/** The answer of a bulk decision: one result per requested id, in the request's order. */
export const bulkReviewResponseSchema = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      outcome: z.enum(BULK_OUTCOMES),
      /** Why it was not decided; null when it was. */
      detail: z.string().nullable(),
    }),
  ),
});
export type BulkReviewResponse = z.infer<typeof bulkReviewResponseSchema>;
