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
 * What processing is doing (issue 16): `poster` (poster and preview), `first_rendition` (the
 * lowest rendition: the video is playable and reviewable when it is done), `renditions` (the rest
 * of the ladder), then `done`; `queued` before it starts, `failed` when it gave up. `percent`
 * (0–100) is the current stage's, from ffmpeg's progress output.
 */
export const videoProcessingStageSchema = z.enum([
  'queued',
  'poster',
  'first_rendition',
  'renditions',
  'done',
  'failed',
]);
export type VideoProcessingStage = z.infer<typeof videoProcessingStageSchema>;
export const videoProcessingSchema = z.object({
  stage: videoProcessingStageSchema,
  percent: z.number().int().min(0).max(100),
});
export type VideoProcessing = z.infer<typeof videoProcessingSchema>;

/** One rendition of the HLS ladder: its frame height and width and its peak bitrate (bit/s). */
export const videoRenditionSchema = z.object({
  height: z.number(),
  width: z.number(),
  bandwidth: z.number(),
});
export type VideoRendition = z.infer<typeof videoRenditionSchema>;

/** A caption track (WebVTT) in a BCP 47 language. */
export const videoCaptionSchema = z.object({ language: z.string(), url: z.string() });
export type VideoCaption = z.infer<typeof videoCaptionSchema>;

/**
 * What the player plays (issue 16): the HLS master playlist, the progressive MP4 fallback, the
 * poster, the renditions the master lists (lowest first) and the caption tracks. Null until the
 * first rendition is ready.
 */
export const videoPlaybackSchema = z.object({
  hls_url: z.string(),
  mp4_url: z.string(),
  poster_url: z.string().nullable(),
  renditions: z.array(videoRenditionSchema),
  captions: z.array(videoCaptionSchema),
});
export type VideoPlayback = z.infer<typeof videoPlaybackSchema>;

/** A video's prize in a contest, shown as a trophy on its page and its library card. */
export const videoAwardSchema = z.object({
  place: z.number(),
  contest_id: z.number(),
  contest_title: z.string(),
});
export type VideoAward = z.infer<typeof videoAwardSchema>;

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
  playback: videoPlaybackSchema.nullable(),
  processing: videoProcessingSchema,
  /**
   * Where the caller may download the original (owner, staff, the brand of the contest it was
   * entered in); null for everyone else. The URL carries a short-lived signed token, so a plain
   * link works; the download checks the caller again.
   */
  download_url: z.string().nullable(),
  /** The place it won in a contest whose results are published (issue 17); null otherwise. */
  award: videoAwardSchema.nullable().optional(),
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

export const VIDEO_DELETE_MESSAGES = {
  entered:
    'This video is entered in a contest, so it is kept with your entry while the contest runs. You can still change its title and description; to enter a different cut, submit a new version of your entry.',
} as const;

/**
 * The languages a caption track may be in: a short list of BCP 47 tags, so a video has at most one
 * track per language and at most this many tracks (issue 30). Tags are matched without regard to
 * letter case and kept in the spelling here.
 */
export const VIDEO_CAPTION_LANGUAGES = [
  { tag: 'ar', label: 'العربية' },
  { tag: 'de', label: 'Deutsch' },
  { tag: 'en', label: 'English' },
  { tag: 'es', label: 'Español' },
  { tag: 'fr', label: 'Français' },
  { tag: 'hi', label: 'हिन्दी' },
  { tag: 'it', label: 'Italiano' },
  { tag: 'ja', label: '日本語' },
  { tag: 'ko', label: '한국어' },
  { tag: 'nl', label: 'Nederlands' },
  { tag: 'pl', label: 'Polski' },
  { tag: 'pt', label: 'Português' },
  { tag: 'pt-BR', label: 'Português (Brasil)' },
  { tag: 'ru', label: 'Русский' },
  { tag: 'tr', label: 'Türkçe' },
  { tag: 'zh-Hans', label: '中文（简体）' },
  { tag: 'zh-Hant', label: '中文（繁體）' },
] as const;
export type VideoCaptionLanguage = (typeof VIDEO_CAPTION_LANGUAGES)[number]['tag'];

/**
 * Caption uploads: a tag from VIDEO_CAPTION_LANGUAGES, a file of at most 256 KiB (a feature's
 * subtitles are about 100 KiB); the files count in the creator's storage quota.
 */
export const VIDEO_CAPTION_LIMITS = { languageMax: 35, maxBytes: 256 * 1024 } as const;

export const VIDEO_CAPTION_MESSAGES = {
  language: `Choose the captions' language from the list: ${VIDEO_CAPTION_LANGUAGES.map((l) => l.tag).join(', ')}.`,
  noFile: 'Choose a WebVTT (.vtt) or SubRip (.srt) file.',
  invalidFile: 'The captions file must be WebVTT or SubRip (SRT) text.',
  tooLarge: `The captions file must be at most ${VIDEO_CAPTION_LIMITS.maxBytes / 1024} KiB.`,
} as const;

/** A language of VIDEO_CAPTION_LANGUAGES, any letter case; the value is its listed spelling. */
export const captionLanguageSchema = z
  .string()
  .max(VIDEO_CAPTION_LIMITS.languageMax, VIDEO_CAPTION_MESSAGES.language)
  .transform((value, context) => {
    const found = VIDEO_CAPTION_LANGUAGES.find((l) => l.tag.toLowerCase() === value.trim().toLowerCase());
    if (found) return found.tag;
    context.addIssue({ code: 'custom', message: VIDEO_CAPTION_MESSAGES.language });
    return z.NEVER;
  });

/** GET /api/videos/videos/{id}/download/ query: the signed token of `download_url` (or a bearer token). */
export const videoDownloadQuerySchema = z.object({ token: z.string().max(512).optional() });
export type VideoDownloadQuery = z.infer<typeof videoDownloadQuerySchema>;
