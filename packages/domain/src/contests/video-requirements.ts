import { z } from 'zod';
import { deliverySpecSchema } from '../videos/delivery-spec';
import { DEFAULT_DELIVERY_SPEC } from '../videos/qc-words';

/** File containers a contest may ask for (the upload accepts these; spec §9). */
export const VIDEO_CONTAINERS = ['mp4', 'mov', 'webm'] as const;
export type VideoContainer = (typeof VIDEO_CONTAINERS)[number];

const seconds = () => z.number().int().min(1).max(3_600).nullable().default(null);
const pixels = () => z.number().int().min(1).max(10_000).nullable().default(null);

/**
 * What a contest asks of the video file, machine-readable, beside the display lines of
 * `requirements`: the upload dialog checks a file against this (never against the text).
 * A null (or empty) field asks nothing.
 */
export const videoRequirementsSchema = z.object({
  /** Width:height, e.g. '9:16' (vertical) or '16:9'. */
  aspect_ratio: z
    .string()
    .regex(/^\d{1,2}:\d{1,2}$/, 'An aspect ratio is written width:height, e.g. 9:16')
    .nullable()
    .default(null),
  min_seconds: seconds(),
  max_seconds: seconds(),
  /** Smallest frame in pixels, as the file is shown (a vertical Full HD video is 1080×1920). */
  min_width: pixels(),
  min_height: pixels(),
  containers: z.array(z.enum(VIDEO_CONTAINERS)).max(VIDEO_CONTAINERS.length).default([]),
  /**
   * A soft edge around the length window: a video at most this many seconds outside
   * min_seconds–max_seconds is a warning the creator confirms, not a refusal. 0: the window is hard.
   */
  duration_tolerance_seconds: z.number().int().min(0).max(600).default(0),
  /**
   * The delivery spec the film's technical check is judged against (issue 51): loudness, true
   * peak, black and frozen stretches, sound, and which failed checks refuse an entry. Absent: the
   * default streaming spec, nothing blocking.
   */
  delivery: deliverySpecSchema.default(DEFAULT_DELIVERY_SPEC),
});
export type VideoRequirements = z.infer<typeof videoRequirementsSchema>;
