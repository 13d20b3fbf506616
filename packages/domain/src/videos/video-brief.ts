/**
 * What a contest's brief asks of the video file itself — its length and its orientation — read
 * from the contest's requirement lines (the lines the rules and the contest page print, e.g.
 * '60–90 seconds long', '9:16 vertical video'), so the text a creator reads and the check the
 * upload dialog runs can never disagree. Lines that state neither (scenes, features) are not
 * checkable from the file and are left to the reviewers.
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

const RANGE = /(\d+(?:\.\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?)\b/i;

/** Reads the checkable parts of a contest's requirement lines; {} when none states them. */
export function videoBriefFromRequirements(requirements: readonly string[]): VideoBrief {
  const brief: VideoBrief = {};
  for (const line of requirements) {
    const range = RANGE.exec(line);
    if (range && !brief.duration) {
      const unit = range[3]!.toLowerCase().startsWith('m') ? 60 : 1;
      const [a, b] = [Number(range[1]) * unit, Number(range[2]) * unit];
      brief.duration = { min: Math.min(a, b), max: Math.max(a, b) };
    }
    if (!brief.orientation) {
      if (/\b9\s*:\s*16\b|\bvertical\b|\bportrait\b/i.test(line)) brief.orientation = 'portrait';
      else if (/\b16\s*:\s*9\b|\bhorizontal\b|\blandscape\b/i.test(line)) brief.orientation = 'landscape';
    }
  }
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

/** '60–90 seconds', '1–3 minutes'. */
export function describeDurationRange({ min, max }: { min: number; max: number }): string {
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
