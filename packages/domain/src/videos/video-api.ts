import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/paging';
import { LIMITS } from '../limits';

/** Longest accepted title and description of a video. */
export const VIDEO_TEXT_LIMITS = { titleMax: 200, descriptionMax: 5000 } as const;

export const VIDEO_TEXT_MESSAGES = {
  titleTooLong: `Ensure the title has no more than ${VIDEO_TEXT_LIMITS.titleMax} characters.`,
  descriptionTooLong: `Ensure the description has no more than ${VIDEO_TEXT_LIMITS.descriptionMax} characters.`,
} as const;

/** The longest search query read: the rest of a longer one is ignored. */
export const VIDEO_SEARCH_QUERY_MAX = 1000;

export const videoStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

/** Staff's decision on a video: waiting, public in the library, or kept private with a reason. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** creator_profile as the API returns it (spec §3). */
export const videoCreatorProfileSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  experience_level: z.string().nullable(),
  profile_picture: z.string(),
  country: z.string(),
  bio: z.string(),
});
export type VideoCreatorProfile = z.infer<typeof videoCreatorProfileSchema>;

/**
 * A video as the API returns it: the spec §3 fields (thumbnail is the looping preview clip,
 * thumbnail_url the poster image) plus what the player and the owner's dashboard need.
 */
export const videoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  video_url: z.string(),
  views: z.number(),
  likes: z.number(),
  created_at: z.string(),
  createdAt: z.string(),
  contest_id: z.number().nullable(),
  contest_title: z.string().nullable(),
  brand: z.string().nullable(),
  brand_id: z.number().nullable(),
  is_approved: z.boolean(),
  /** Staff's decision; a rejected video's reason is seen only by its owner and staff. */
  review_status: reviewStatusSchema,
  review_reason: z.string().nullable(),
  type: z.enum(['contest', 'standalone']),
  creator: z.string(),
  creator_id: z.number(),
  creator_profile: videoCreatorProfileSchema.nullable(),
  status: videoStatusSchema,
  failure_reason: z.string().nullable(),
  duration: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  frame_rate: z.number().nullable(),
  size_bytes: z.number(),
  content_type: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** A page of videos: the answer of the list and of the search. */
export const videoPageSchema = pageSchema(videoSchema);
export type VideoPage = z.infer<typeof videoPageSchema>;

/**
 * `?page=&page_size=` of the video list and search. Paging never fails: a bad page number is
 * page 1 (any page past the end is an empty page, as its `previous` link expects), a bad page
 * size the default and a too-large one the maximum.
 */
const videoPagingQuerySchema = pageQuerySchema.extend({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((size) => Math.min(size, LIMITS.videoPageSizeMax))
    .catch(LIMITS.videoPageSizeDefault)
    .default(LIMITS.videoPageSizeDefault),
});

/** A yes/no query parameter; anything else reads as absent. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional()
  .catch(undefined);

/** GET /api/videos/videos/ query: approved videos newest first; `is_standalone` or `mine` for your own. */
export const videoListQuerySchema = videoPagingQuerySchema.extend({
  is_approved: flag,
  is_standalone: flag,
  mine: flag,
  ordering: z.enum(['-created_at', 'created_at']).catch('-created_at').default('-created_at'),
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;

/**
 * GET /api/videos/search/ query. Any value at all (missing, repeated, 1,000 characters, emoji) is
 * a valid query: the first of repeated values counts, and only its first VIDEO_SEARCH_QUERY_MAX
 * characters are read.
 */
export const videoSearchQuerySchema = videoPagingQuerySchema.extend({
  query: z
    .unknown()
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '').slice(
        0,
        VIDEO_SEARCH_QUERY_MAX,
      ),
    ),
});
export type VideoSearchQuery = z.infer<typeof videoSearchQuerySchema>;

/** `{id}` of /api/videos/videos/{id}/: a positive 32-bit integer. */
export const videoIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type VideoIdParams = z.infer<typeof videoIdParamsSchema>;

/** PUT /api/videos/videos/{id}/ body: either field may be left out to keep it. */
export const videoUpdateBodySchema = z.object({
  title: z.string().max(VIDEO_TEXT_LIMITS.titleMax, VIDEO_TEXT_MESSAGES.titleTooLong).optional(),
  description: z
    .string()
    .max(VIDEO_TEXT_LIMITS.descriptionMax, VIDEO_TEXT_MESSAGES.descriptionTooLong)
    .optional(),
});
export type VideoUpdateBody = z.infer<typeof videoUpdateBodySchema>;
