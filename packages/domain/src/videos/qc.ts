import { z } from 'zod';
import type { VideoRequirements } from '../contests/video-requirements';
import { checkEntryVideo, describeRatio, type EntryCheck } from '../entries/entry-checks';
import { orientationOf } from './video-brief';
import {
  DEFAULT_DELIVERY_SPEC,
  QC_CHECK_IDS,
  QC_CHECK_LABELS,
  type DeliverySpec,
  type QcCheckId,
} from './qc-words';

/**
 * The automatic technical check (QC) of an uploaded video (issue 51): one ffmpeg analysis pass
 * measures its sound (loudness, true peak, silence), its picture (black, frozen, letterbox or
 * pillarbox bars) and its stream facts; `judgeQc` turns those measurements into checks against a
 * delivery spec and, once the video is entered in a contest, against the contest's video
 * requirements. One rule, here, for the server and (later) the pages that show the report.
 */

/**
 * How the analysis finds what it reports (media/qc.ts): a stretch is reported from these lengths
 * on; silence is sound below `silenceNoiseDb` for at least `silenceMinSeconds`; bars are black
 * edges (on both sides) of at least `barsMinFraction` of the frame in at least `barsMinShare` of
 * the sampled pictures.
 */
export const QC_DETECTION = {
  blackMinSeconds: 0.1,
  freezeMinSeconds: 0.5,
  silenceMinSeconds: 2,
  silenceNoiseDb: -50,
  barsMinFraction: 0.02,
  barsMinShare: 0.8,
  /** At most this many stretches of each kind are kept (the count and the longest are of all). */
  maxSegments: 50,
} as const;

/** A stretch of the video, in seconds from its start. */
export const qcSegmentSchema = z.object({ start: z.number(), end: z.number() });
export type QcSegment = z.infer<typeof qcSegmentSchema>;

/** Stretches of one kind (black, frozen, silent): how many, the longest, and the first of them. */
export const qcStretchesSchema = z.object({
  count: z.number().int().min(0),
  longest_seconds: z.number().min(0),
  segments: z.array(qcSegmentSchema).max(QC_DETECTION.maxSegments),
});
export type QcStretches = z.infer<typeof qcStretchesSchema>;

export const QC_BAR_KINDS = ['letterbox', 'pillarbox', 'windowbox'] as const;
export type QcBarKind = (typeof QC_BAR_KINDS)[number];

/**
 * What the analysis measured, before any judging: the stream facts (ffprobe; size as shown, a
 * rotation tag applied), the sound's EBU R128 figures (null without a sound track; `-70` is
 * ffmpeg's floor for silence), the stretches found and the bars with the picture inside them.
 */
export const qcFactsSchema = z.object({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  frame_rate: z.number().nullable(),
  duration_seconds: z.number().nullable(),
  has_audio: z.boolean(),
  loudness_lufs: z.number().nullable(),
  loudness_range_lu: z.number().nullable(),
  true_peak_dbtp: z.number().nullable(),
  black: qcStretchesSchema,
  freeze: qcStretchesSchema,
  silence: qcStretchesSchema,
  bars: z
    .object({
      kind: z.enum(QC_BAR_KINDS),
      /** The picture inside the bars. */
      width: z.number().int(),
      height: z.number().int(),
      segments: z.array(qcSegmentSchema).max(QC_DETECTION.maxSegments),
    })
    .nullable(),
});
export type QcFacts = z.infer<typeof qcFactsSchema>;

export const QC_RESULTS = ['pass', 'warn', 'fail'] as const;
export type QcResult = (typeof QC_RESULTS)[number];

/**
 * One check of the report: what was measured (`value`: a number in the unit of `target`, or a
 * word), what was asked (`target`, null where nothing is asked: the check reports a fact) and
 * where in the video it was found (`segments`).
 */
export const qcCheckSchema = z.object({
  id: z.enum(QC_CHECK_IDS),
  label: z.string(),
  result: z.enum(QC_RESULTS),
  value: z.union([z.number(), z.string()]).nullable(),
  target: z.string().nullable(),
  segments: z.array(qcSegmentSchema),
});
export type QcCheck = z.infer<typeof qcCheckSchema>;

export const QC_STATUSES = ['pending', 'done', 'failed'] as const;
export type QcStatus = (typeof QC_STATUSES)[number];

/**
 * GET /api/videos/videos/{id}/qc/: `pending` until the analysis ran (it starts once processing is
 * done), `done` with the checks, or `failed` with `error` saying why it could not run.
 */
export const videoQcSchema = z.object({
  status: z.enum(QC_STATUSES),
  checks: z.array(qcCheckSchema),
  facts: qcFactsSchema.nullable(),
  error: z.string().nullable(),
  analysed_at: z.string().nullable(),
});
export type VideoQc = z.infer<typeof videoQcSchema>;

/** Why a report has no checks (`error`): "could not run" and the reason. */
export const QC_MESSAGES = {
  couldNotRun: 'The technical check could not run',
  unavailable: 'video processing is unavailable on this server',
  tooSlow: 'the check took too long',
  internal: 'something went wrong while checking the file',
  notProcessed: 'the video could not be processed',
} as const;

/** "The technical check could not run: the file could not be read." */
export function qcFailure(reason: string): string {
  return `${QC_MESSAGES.couldNotRun}: ${reason}.`;
}

const round = (value: number, digits = 1) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};
/** -14 → '-14', 0.5 → '0.5'. */
const number = (value: number) => String(round(value, 2));

const check = (
  id: QcCheckId,
  result: QcResult,
  value: QcCheck['value'],
  target: string | null,
  segments: QcSegment[] = [],
): QcCheck => ({ id, label: QC_CHECK_LABELS[id], result, value, target, segments });

/** The sound track as heard: missing, silent throughout, or present. */
function soundOf(facts: QcFacts): 'missing' | 'silent' | 'present' {
  if (!facts.has_audio) return 'missing';
  if (facts.loudness_lufs === null || facts.loudness_lufs <= -69.95) return 'silent';
  const silent = facts.silence.segments.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (facts.duration_seconds && silent >= facts.duration_seconds * 0.95) return 'silent';
  return 'present';
}

/** A stretch check (black, frozen): fails when its longest stretch is longer than allowed. */
function stretchCheck(id: 'black' | 'freeze', stretches: QcStretches, maxSeconds: number): QcCheck {
  const longest = round(stretches.longest_seconds, 2);
  return check(
    id,
    longest > maxSeconds ? 'fail' : 'pass',
    longest,
    `≤ ${number(maxSeconds)} s in one stretch`,
    stretches.segments,
  );
}

/** The checks of the sound and the picture's content against the delivery spec. */
function contentChecks(facts: QcFacts, spec: DeliverySpec): QcCheck[] {
  const sound = soundOf(facts);
  const loudness = facts.loudness_lufs === null ? null : round(facts.loudness_lufs);
  const peak = facts.true_peak_dbtp === null ? null : round(facts.true_peak_dbtp);
  const silence = facts.has_audio ? round(facts.silence.longest_seconds, 2) : null;
  return [
    check(
      'loudness',
      loudness !== null && Math.abs(loudness - spec.loudness_lufs) > spec.loudness_tolerance
        ? 'fail'
        : 'pass',
      loudness,
      `${number(spec.loudness_lufs)} LUFS ± ${number(spec.loudness_tolerance)} LU`,
    ),
    check(
      'true_peak',
      peak !== null && peak > spec.true_peak_max_dbtp ? 'fail' : 'pass',
      peak,
      `≤ ${number(spec.true_peak_max_dbtp)} dBTP`,
    ),
    stretchCheck('black', facts.black, spec.max_black_seconds),
    stretchCheck('freeze', facts.freeze, spec.max_freeze_seconds),
    check(
      'silence',
      facts.has_audio && facts.silence.count > 0 ? 'warn' : 'pass',
      silence,
      `no silence of ${QC_DETECTION.silenceMinSeconds} s or more`,
      facts.has_audio ? facts.silence.segments : [],
    ),
    check(
      'audio',
      spec.audio_required && sound !== 'present' ? 'fail' : 'pass',
      sound,
      spec.audio_required ? 'a sound track' : null,
    ),
    facts.bars
      ? check('bars', 'warn', facts.bars.kind, null, facts.bars.segments)
      : check('bars', 'pass', 'none', null),
  ];
}

/** The worst of the brief's checks of one kind: a failed error fails, a failed warning warns. */
function resultOf(checks: EntryCheck[]): QcResult {
  if (checks.some((c) => !c.ok && c.severity === 'error')) return 'fail';
  return checks.some((c) => !c.ok) ? 'warn' : 'pass';
}

/** What the brief asks, in the words of a target: '9:16 portrait', '30–60 s', 'at least 1080×1920'. */
function briefTargets(requirements: VideoRequirements) {
  const ratio = requirements.aspect_ratio?.split(':').map(Number);
  const { min_seconds: min, max_seconds: max, min_width: minWidth, min_height: minHeight } = requirements;
  return {
    orientation:
      ratio && ratio[0] && ratio[1]
        ? `${requirements.aspect_ratio} ${orientationOf(ratio[0], ratio[1])}`
        : null,
    duration:
      min !== null && max !== null
        ? `${min}–${max} s`
        : min !== null
          ? `at least ${min} s`
          : max !== null
            ? `at most ${max} s`
            : null,
    resolution:
      minWidth !== null && minHeight !== null
        ? `at least ${minWidth}×${minHeight}`
        : minWidth !== null
          ? `at least ${minWidth} px wide`
          : minHeight !== null
            ? `at least ${minHeight} px high`
            : null,
  };
}

/**
 * The stream facts as checks: against the contest's requirements when given (the rules of
 * `checkEntryVideo`, so the report and the entry's checks agree), else as facts (pass, no target).
 * No requirement names a frame rate: it is always a fact.
 */
function streamChecks(facts: QcFacts, requirements: VideoRequirements | null): QcCheck[] {
  const { width, height } = facts;
  const size = width && height ? { width, height } : null;
  const judged = requirements
    ? checkEntryVideo(
        { durationSeconds: facts.duration_seconds, width, height, rotation: 0, container: null },
        requirements,
      )
    : [];
  const targets = requirements ? briefTargets(requirements) : null;
  const judge = (
    id: 'resolution' | 'orientation' | 'duration',
    rules: EntryCheck['rule'][],
    value: QcCheck['value'],
  ) => {
    const found = judged.filter((c) => rules.includes(c.rule));
    return found.length
      ? check(id, resultOf(found), value, targets?.[id] ?? null)
      : check(id, 'pass', value, null);
  };
  return [
    judge('resolution', ['resolution'], size ? `${size.width}×${size.height}` : null),
    check('frame_rate', 'pass', facts.frame_rate === null ? null : round(facts.frame_rate, 2), null),
    judge(
      'orientation',
      ['orientation', 'aspect_ratio'],
      size ? `${describeRatio(size.width, size.height)} ${orientationOf(size.width, size.height)}` : null,
    ),
    judge(
      'duration',
      ['duration'],
      facts.duration_seconds === null ? null : round(facts.duration_seconds, 2),
    ),
  ];
}

/**
 * The QC report's checks, in `QC_CHECK_IDS` order: the measurements of `facts` against `spec`,
 * and the stream facts against the contest's `requirements` when the video is entered in one.
 */
export function judgeQc(
  facts: QcFacts,
  spec: DeliverySpec = DEFAULT_DELIVERY_SPEC,
  requirements: VideoRequirements | null = null,
): QcCheck[] {
  return [...contentChecks(facts, spec), ...streamChecks(facts, requirements)];
}
