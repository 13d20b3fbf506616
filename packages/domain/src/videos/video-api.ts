import { z } from 'zod';

/** Longest accepted title and description of a video. */
export const VIDEO_TEXT_LIMITS = { titleMax: 200, descriptionMax: 5000 } as const;

export const VIDEO_TEXT_MESSAGES = {
  titleTooLong: `Ensure the title has no more than ${VIDEO_TEXT_LIMITS.titleMax} characters.`,
  descriptionTooLong: `Ensure the description has no more than ${VIDEO_TEXT_LIMITS.descriptionMax} characters.`,
} as const;

export const videoStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type VideoStatus = z.infer<typeof videoStatusSchema>;

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
export type VideoDto = z.infer<typeof videoSchema>;

/** A page of videos (list and search). */
export const videoPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(videoSchema),
});
export type VideoPage = z.infer<typeof videoPageSchema>;

/** PUT /api/videos/videos/{id}/ body. */
export const videoUpdateSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
});
