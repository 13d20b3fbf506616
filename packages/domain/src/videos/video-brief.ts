import type { VideoRequirements } from '../contests/video-requirements';

/**
 * What a contest's brief asks of the video file itself — its length and its orientation — taken
 * from the contest's machine-readable `video_requirements` (stored beside the display lines the
 * rules and the contest page print). What a file cannot show (scenes, features) is left to the
 * reviewers.
 */

export type VideoOrientation = 'portrait' | 'landscape' | 'square';

export interface VideoBrief {
  /** Inclusive length range in seconds, when a requirement states one. */
  duration?: { min: number; max: number };
  /** The required orientation, when a requirement states one. */
  orientation?: Exclude<VideoOrientation, 'square'>;
}

/** What the browser (or ffprobe) reads from a file. */
export interface VideoShape {
  durationSeconds: number;
  width: number;
  height: number;
}

export interface BriefCheck {
  rule: 'duration' | 'orientation';
  ok: boolean;
  /** One sentence for the creator, saying what the file is and what the brief asks. */
  message: string;
}

/** The checkable parts of a contest's video requirements; {} when they state none. */
export function videoBriefOf(requirements: VideoRequirements): VideoBrief {
  const brief: VideoBrief = {};
  const { min_seconds: min, max_seconds: max, aspect_ratio: ratio } = requirements;
  if (min !== null || max !== null) brief.duration = { min: min ?? 0, max: max ?? Number.POSITIVE_INFINITY };
  const [width, height] = (ratio ?? '').split(':').map(Number);
  if (width && height && width !== height) brief.orientation = height > width ? 'portrait' : 'landscape';
  return brief;
}

/** Portrait when taller than wide (phones report the turned size). */
export function orientationOf(width: number, height: number): VideoOrientation {
  if (height > width) return 'portrait';
  if (width > height) return 'landscape';
  return 'square';
}

/** 75 → '1:15'. */
function clock(seconds: number): string {
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** '60–90 seconds', '1–3 minutes'; an open end reads '60 seconds or more' / 'up to 90 seconds'. */
export function describeDurationRange({ min, max }: { min: number; max: number }): string {
  if (!Number.isFinite(max)) return `${min} seconds or more`;
  if (min <= 0) return `up to ${max} seconds`;
  if (min % 60 === 0 && max % 60 === 0 && min >= 60) return `${min / 60}–${max / 60} minutes`;
  return `${min}–${max} seconds`;
}

const ORIENTATION_WORDS: Record<VideoOrientation, string> = {
  portrait: 'vertical',
  landscape: 'horizontal',
  square: 'square',
};

/**
 * Checks a file's length and orientation against a brief; one result per rule the brief states.
 * Lengths are compared in whole seconds (a 90.3 s export meets '60–90 seconds').
 */
export function checkVideoAgainstBrief(video: VideoShape, brief: VideoBrief): BriefCheck[] {
  const checks: BriefCheck[] = [];
  if (brief.duration) {
    const seconds = Math.round(video.durationSeconds);
    const range = describeDurationRange(brief.duration);
    const length = clock(video.durationSeconds);
    if (seconds < brief.duration.min)
      checks.push({
        rule: 'duration',
        ok: false,
        message: `Too short: ${length}. The brief asks for ${range}.`,
      });
    else if (seconds > brief.duration.max)
      checks.push({
        rule: 'duration',
        ok: false,
        message: `Too long: ${length}. The brief asks for ${range}.`,
      });
    else
      checks.push({
        rule: 'duration',
        ok: true,
        message: `Length ${length} is within the brief's ${range}.`,
      });
  }
  if (brief.orientation) {
    const actual = orientationOf(video.width, video.height);
    const size = `${video.width}×${video.height}`;
    checks.push(
      actual === brief.orientation
        ? {
            rule: 'orientation',
            ok: true,
            message: `${capitalize(ORIENTATION_WORDS[actual])} ${size}, as the brief asks.`,
          }
        : {
            rule: 'orientation',
            ok: false,
            message: `This video is ${ORIENTATION_WORDS[actual]} (${size}); the brief asks for a ${ORIENTATION_WORDS[brief.orientation]} video.`,
          },
    );
  }
  return checks;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
