import { z } from 'zod';
import type { VideoContainer, VideoRequirements } from '../contests/video-requirements';

/**
 * Checking a contest entry's video against the contest's machine-readable brief (issue 15). One
 * implementation: the server runs it on the stored ffprobe metadata when a creator submits, the
 * browser runs it on the file's own metadata (a <video> element's videoWidth/videoHeight/duration)
 * before the upload starts, so both say the same words.
 */

export const ENTRY_CHECK_RULES = [
  'orientation',
  'aspect_ratio',
  'duration',
  'resolution',
  'container',
] as const;
export type EntryCheckRule = (typeof ENTRY_CHECK_RULES)[number];

/** One rule's result: a failed `error` refuses the video; a failed `warning` needs the creator's confirmation. */
export const entryCheckSchema = z.object({
  rule: z.enum(ENTRY_CHECK_RULES),
  ok: z.boolean(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type EntryCheck = z.infer<typeof entryCheckSchema>;

/** What is known of a video file; null when it could not be read. */
export interface EntryVideoFacts {
  durationSeconds: number | null;
  /** The picture as the file stores it (before any rotation tag is applied). */
  width: number | null;
  height: number | null;
  /** Degrees the player turns the picture (phones record sideways and tag it): ±90/270 swap width and height. */
  rotation?: number;
  container: VideoContainer | null;
}

/** The picture as it is shown: a 1920×1080 stream tagged 90° is a 1080×1920 vertical video. */
export function shownSize(facts: Pick<EntryVideoFacts, 'width' | 'height' | 'rotation'>): {
  width: number;
  height: number;
} | null {
  if (!facts.width || !facts.height) return null;
  const sideways = Math.abs(facts.rotation ?? 0) % 180 === 90;
  return sideways
    ? { width: facts.height, height: facts.width }
    : { width: facts.width, height: facts.height };
}

/** The container of a file from its MIME type (what the server sniffed, or what the browser reports). */
export function containerOfType(type: string | null | undefined, fileName = ''): VideoContainer | null {
  const t = (type ?? '').toLowerCase();
  if (t === 'video/mp4' || t === 'video/x-m4v') return 'mp4';
  if (t === 'video/quicktime') return 'mov';
  if (t === 'video/webm') return 'webm';
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'mp4' || ext === 'm4v') return 'mp4';
  if (ext === 'mov') return 'mov';
  if (ext === 'webm') return 'webm';
  return null;
}

type Orientation = 'vertical' | 'landscape' | 'square';
function orientationOfSize(width: number, height: number): Orientation {
  if (height > width) return 'vertical';
  if (width > height) return 'landscape';
  return 'square';
}

/** Ratios a picture is named by when it is within 2 % of one. */
const NAMED_RATIOS: Array<[number, number]> = [
  [16, 9],
  [9, 16],
  [4, 3],
  [3, 4],
  [1, 1],
  [4, 5],
  [5, 4],
  [21, 9],
  [3, 2],
  [2, 3],
];

/** '16:9' for 1920×1080, '9:16' for 32×56 (within 2 %), else '1234×567'. */
export function describeRatio(width: number, height: number): string {
  const actual = width / height;
  for (const [w, h] of NAMED_RATIOS) if (Math.abs(actual / (w / h) - 1) <= 0.02) return `${w}:${h}`;
  return `${width}×${height}`;
}

function parseRatio(ratio: string | null): { w: number; h: number } | null {
  if (!ratio) return null;
  const [w, h] = ratio.split(':').map(Number);
  return w && h ? { w, h } : null;
}

/** 75 → '1:15'. */
function clock(seconds: number): string {
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** '60–90 seconds', 'at least 60 seconds', 'at most 90 seconds'. */
function durationWindow(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min}–${max} seconds`;
  if (min !== null) return `at least ${min} seconds`;
  return `at most ${max} seconds`;
}

const CONTAINER_NAMES: Record<VideoContainer, string> = { mp4: 'MP4', mov: 'MOV', webm: 'WebM' };
function listOr(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const pass = (rule: EntryCheckRule, message: string): EntryCheck => ({
  rule,
  ok: true,
  severity: 'error',
  message,
});
const fail = (rule: EntryCheckRule, severity: EntryCheck['severity'], message: string): EntryCheck => ({
  rule,
  ok: false,
  severity,
  message,
});

/**
 * Checks a video against a contest's requirements, one result per rule the contest states:
 * orientation and aspect ratio (as shown, rotation applied), length (in whole seconds; within
 * `duration_tolerance_seconds` outside the window a warning), minimum resolution (as shown) and
 * container. A fact that is unknown (null) is not checked here — the browser cannot always read a
 * file — and the server refuses a video whose metadata it lacks before calling this.
 */
export function checkEntryVideo(facts: EntryVideoFacts, requirements: VideoRequirements): EntryCheck[] {
  const checks: EntryCheck[] = [];
  const size = shownSize(facts);
  const wanted = parseRatio(requirements.aspect_ratio);

  if (wanted && size) {
    const wantedOrientation = orientationOfSize(wanted.w, wanted.h);
    const actualOrientation = orientationOfSize(size.width, size.height);
    const actualName = `${describeRatio(size.width, size.height)} ${actualOrientation}`;
    const wantedName = `${wanted.w}:${wanted.h} ${wantedOrientation}`;
    if (actualOrientation !== wantedOrientation) {
      checks.push(
        fail('orientation', 'error', `This video is ${actualName}; the brief asks for ${wantedName}.`),
      );
    } else {
      checks.push(pass('orientation', `This video is ${actualOrientation}, as the brief asks.`));
      const off = Math.abs(size.width / size.height / (wanted.w / wanted.h) - 1);
      checks.push(
        off <= 0.02
          ? pass('aspect_ratio', `Aspect ratio ${wanted.w}:${wanted.h}, as the brief asks.`)
          : fail(
              'aspect_ratio',
              'warning',
              `This video is ${actualName}; the brief asks for ${wantedName}, so it may be cropped or shown with bars.`,
            ),
      );
    }
  }

  const { min_seconds: min, max_seconds: max } = requirements;
  if ((min !== null || max !== null) && facts.durationSeconds !== null) {
    const seconds = Math.round(facts.durationSeconds);
    const tolerance = requirements.duration_tolerance_seconds ?? 0;
    const window = durationWindow(min, max);
    const length = clock(facts.durationSeconds);
    const short = min !== null && seconds < min ? min - seconds : 0;
    const long = max !== null && seconds > max ? seconds - max : 0;
    if (!short && !long) checks.push(pass('duration', `Length ${length}, within the brief's ${window}.`));
    else if (Math.max(short, long) <= tolerance)
      checks.push(
        fail(
          'duration',
          'warning',
          `This video is ${length} long, ${short || long} s ${short ? 'shorter' : 'longer'} than the brief's ${window}.`,
        ),
      );
    else
      checks.push(fail('duration', 'error', `This video is ${length} long; the brief asks for ${window}.`));
  }

  const { min_width: minWidth, min_height: minHeight } = requirements;
  if ((minWidth !== null || minHeight !== null) && size) {
    const enough =
      (minWidth === null || size.width >= minWidth) && (minHeight === null || size.height >= minHeight);
    const asked =
      minWidth !== null && minHeight !== null
        ? `${minWidth}×${minHeight}`
        : minWidth !== null
          ? `${minWidth} px wide`
          : `${minHeight} px high`;
    checks.push(
      enough
        ? pass('resolution', `Resolution ${size.width}×${size.height}, at least the brief's ${asked}.`)
        : fail(
            'resolution',
            'error',
            `This video is ${size.width}×${size.height}; the brief asks for at least ${asked}.`,
          ),
    );
  }

  if (requirements.containers.length && facts.container) {
    const names = requirements.containers.map((c) => CONTAINER_NAMES[c]);
    checks.push(
      requirements.containers.includes(facts.container)
        ? pass('container', `${CONTAINER_NAMES[facts.container]} file, as the brief asks.`)
        : fail(
            'container',
            'error',
            `This video is a ${CONTAINER_NAMES[facts.container]} file; the brief asks for ${listOr(names)}.`,
          ),
    );
  }
  return checks;
}

/** The failed hard rules: any of these refuses the video. */
export const failedErrors = (checks: EntryCheck[]) => checks.filter((c) => !c.ok && c.severity === 'error');
/** The failed soft rules: the creator confirms these to submit. */
export const failedWarnings = (checks: EntryCheck[]) =>
  checks.filter((c) => !c.ok && c.severity === 'warning');
