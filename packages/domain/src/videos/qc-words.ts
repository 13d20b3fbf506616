/**
 * The words and figures of the technical check (QC, issue 51): its checks, the delivery spec's
 * defaults and bounds' messages, what to change, and how the report says it. Without zod, so a
 * page that only shows them (the contest page) does not load the schemas; the delivery spec's
 * schema is delivery-spec.ts.
 */

/** The checks of a QC report, in the order the report lists them. */
export const QC_CHECK_IDS = [
  'loudness',
  'true_peak',
  'black',
  'freeze',
  'silence',
  'audio',
  'bars',
  'resolution',
  'frame_rate',
  'orientation',
  'duration',
] as const;
export type QcCheckId = (typeof QC_CHECK_IDS)[number];

/** What each check is called where the report is shown. */
export const QC_CHECK_LABELS: Record<QcCheckId, string> = {
  loudness: 'Loudness',
  true_peak: 'True peak',
  black: 'Black frames',
  freeze: 'Frozen picture',
  silence: 'Silence',
  audio: 'Sound',
  bars: 'Letterbox or pillarbox bars',
  resolution: 'Resolution',
  frame_rate: 'Frame rate',
  orientation: 'Orientation',
  duration: 'Duration',
};

/** What to change when a check does not pass: shown beside the finding. */
export const QC_ADVICE: Record<QcCheckId, string> = {
  loudness: 'Normalise the mix to the target loudness (most editors have a loudness or LUFS meter).',
  true_peak: 'Lower the peaks with a limiter set below the ceiling, then export again.',
  black: 'Trim or replace the black frames at these times.',
  freeze: 'Replace the frozen stretch at these times with moving picture, or cut it.',
  silence: 'Check the sound at these times: add music, voice or room tone if the silence is not meant.',
  audio: 'Export the film with its sound track.',
  bars: 'Reframe or crop the picture to fill the frame, without black bars.',
  resolution: 'Export at the resolution the brief asks for.',
  frame_rate: 'Export at a standard frame rate (24, 25, 30 or 60 fps).',
  orientation: 'Export in the orientation and aspect ratio the brief asks for.',
  duration: 'Cut the film to the length the brief asks for.',
};

/** The words of the delivery spec's bounds (the contest form and the API say the same). */
export const DELIVERY_SPEC_MESSAGES = {
  loudness: 'The loudness target is between -40 and 0 LUFS.',
  tolerance: 'The loudness tolerance is between 0 and 10 LU.',
  truePeak: 'The true-peak ceiling is between -20 and 0 dBTP.',
  black: 'The longest black stretch allowed is between 0 and 3600 seconds.',
  freeze: 'The longest frozen stretch allowed is between 0 and 3600 seconds.',
  blockingUnique: 'Name each blocking check once.',
} as const;

/**
 * A delivery spec: what a film must meet to go out (`deliverySpecSchema` checks one). The defaults
 * are the common streaming spec (YouTube, Spotify, TikTok and most ad platforms normalise to about
 * −14 LUFS integrated, true peak at most −1 dBTP). A broadcast brief would instead ask EBU R128:
 * −23 LUFS (± 1 LU), true peak ≤ −1 dBTP. `blocking` names the checks whose failure refuses a
 * contest entry (none by default).
 */
export interface DeliverySpec {
  /** Integrated loudness the mix is aimed at, in LUFS. */
  loudness_lufs: number;
  /** How far (in LU) the integrated loudness may be from `loudness_lufs`. */
  loudness_tolerance: number;
  /** The highest true peak allowed, in dBTP. */
  true_peak_max_dbtp: number;
  /** The longest stretch of black picture allowed, in seconds. */
  max_black_seconds: number;
  /** The longest stretch of frozen picture allowed, in seconds. */
  max_freeze_seconds: number;
  /** The film must have a sound track that is not silent throughout. */
  audio_required: boolean;
  /** The checks whose failure refuses a contest entry (until staff override it). */
  blocking: QcCheckId[];
}

/** The spec every video is checked against until a contest states its own. */
export const DEFAULT_DELIVERY_SPEC: DeliverySpec = {
  loudness_lufs: -14,
  loudness_tolerance: 2,
  true_peak_max_dbtp: -1,
  max_black_seconds: 0.5,
  max_freeze_seconds: 2,
  audio_required: true,
  blocking: [],
};

/** The words of a QC report where it is shown (the video page, Submit Video, the entry page). */
export const QC_REPORT_TEXTS = {
  title: 'Technical check',
  pending: 'Checking the file: loudness, black and frozen stretches, sound and picture. This takes a moment.',
  intro: 'Checked against the delivery spec. Fix what fails before you enter; warnings are for you to judge.',
  introReviewer: "Checked against the contest's delivery spec: what the file measured, and where.",
  result: { pass: 'Pass', warn: 'Warning', fail: 'Fail' },
  blocking: 'Blocks entry',
  blockingNote:
    'This contest refuses a video that fails a check marked "Blocks entry", unless staff make an exception.',
  target: 'target',
  at: 'at',
} as const;

/** The unit each check's number is measured in, where it is a number. */
export const QC_VALUE_UNITS: Partial<Record<QcCheckId, string>> = {
  loudness: 'LUFS',
  true_peak: 'dBTP',
  black: 's',
  freeze: 's',
  silence: 's',
  frame_rate: 'fps',
  duration: 's',
};

/** A moment of the video as mm:ss: 75.4 → '01:15'. */
export function formatQcTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A check's measured value in words: -8.2 → '-8.2 LUFS', 'missing' → 'missing', null → '—'. */
export function formatQcValue(id: QcCheckId, value: number | string | null): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  const unit = QC_VALUE_UNITS[id];
  return unit ? `${value}\u00a0${unit}` : String(value);
}

/** The delivery spec in words, one line each (the contest page's video requirements). */
export function deliverySpecLines(spec: DeliverySpec): string[] {
  const n = (value: number) => String(Math.round(value * 100) / 100).replace('-', '−');
  return [
    // No-break spaces keep each figure with its unit on a narrow screen.
    `Loudness ${n(spec.loudness_lufs)}\u00a0LUFS ± ${n(spec.loudness_tolerance)}\u00a0LU (integrated)`,
    `True peak at most ${n(spec.true_peak_max_dbtp)}\u00a0dBTP`,
    `Black picture: no stretch longer than ${n(spec.max_black_seconds)}\u00a0s`,
    `Frozen picture: no stretch longer than ${n(spec.max_freeze_seconds)}\u00a0s`,
    spec.audio_required ? 'A sound track is required' : 'A sound track is optional',
    spec.blocking.length
      ? `An entry failing these is refused: ${spec.blocking.map((id) => QC_CHECK_LABELS[id]).join(', ')}`
      : 'No technical check refuses an entry: its findings are shown to you and the brand',
  ];
}
