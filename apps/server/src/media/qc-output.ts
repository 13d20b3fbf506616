import { QC_DETECTION, type QcBarKind, type QcFacts, type QcSegment, type QcStretches } from '@app/domain';

/**
 * Reads what the QC pass (media/qc.ts) prints: the frame metadata its detectors set, written by
 * `metadata`/`ametadata` filters in print mode to stdout, one `key=value` line at a time after a
 * `frame:N pts:P pts_time:T` line. ffmpeg's own log would say the same, but a log of every
 * cropdetect frame is far more than the tail of stderr `runTool` keeps; and a stretch still open
 * when the file ends (a fade to black, silence at the end) is printed only to the log. So the
 * stretches are read here and closed at the end of the file by `finish`.
 *
 * Bounded: lines are read as they arrive and only running figures are kept (at most
 * `QC_DETECTION.maxSegments` stretches of each kind, counts and maxima for the rest); a line longer
 * than any ffmpeg prints (the print filter writes at most 128 bytes at once) is dropped.
 */

/** Lines never get longer than this; a longer run without a newline is not ffmpeg's output. */
const MAX_LINE = 1024;

/** The frame size the detectors see (as shown: ffmpeg turns a rotated picture upright first). */
export interface QcFrame {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** What the pass measured of the sound and the picture (the stream facts come from ffprobe). */
export type QcMeasurements = Pick<
  QcFacts,
  'loudness_lufs' | 'loudness_range_lu' | 'true_peak_dbtp' | 'black' | 'freeze' | 'silence' | 'bars'
>;

const seconds = (value: number) => Math.round(value * 1000) / 1000;

/** Stretches of one kind, kept as they are found: the first few, their count and the longest. */
function stretches(minSeconds: number) {
  const found: QcStretches = { count: 0, longest_seconds: 0, segments: [] };
  let open: number | null = null;
  const close = (end: number) => {
    const start = open;
    open = null;
    if (start === null || !Number.isFinite(end) || end - start < minSeconds) return;
    found.count += 1;
    found.longest_seconds = Math.max(found.longest_seconds, seconds(end - start));
    if (found.segments.length < QC_DETECTION.maxSegments)
      found.segments.push({ start: seconds(start), end: seconds(end) });
  };
  return {
    start(at: number) {
      if (Number.isFinite(at)) open = at;
    },
    end: close,
    /** Closes a stretch still open when the file ended. */
    finish(end: number | null) {
      if (open !== null && end !== null) close(Math.max(end, open));
      return found;
    },
  };
}

/**
 * Letterbox and pillarbox bars from cropdetect's box of each sampled picture (reset every frame):
 * a picture has bars when its non-black box leaves at least `barsMinFraction` of the frame black on
 * both sides (top and bottom: letterbox; left and right: pillarbox; both: windowbox). The video has
 * them when at least `barsMinShare` of its pictures that are not wholly black do; the picture
 * inside is the box around every barred picture.
 */
function barsReader(frame: QcFrame, sampleSeconds: number) {
  const { width, height } = frame;
  let pictures = 0;
  let barred = 0;
  let box: { x1: number; x2: number; y1: number; y2: number } | null = null;
  const runs: QcSegment[] = [];
  const kindOf = (b: { x1: number; x2: number; y1: number; y2: number }): QcBarKind | null => {
    if (!width || !height) return null;
    const minX = Math.max(2, Math.round(width * QC_DETECTION.barsMinFraction));
    const minY = Math.max(2, Math.round(height * QC_DETECTION.barsMinFraction));
    const letter = b.y1 >= minY && height - 1 - b.y2 >= minY;
    const pillar = b.x1 >= minX && width - 1 - b.x2 >= minX;
    return letter && pillar ? 'windowbox' : letter ? 'letterbox' : pillar ? 'pillarbox' : null;
  };
  return {
    sample(at: number, b: { x1: number; x2: number; y1: number; y2: number }) {
      // A wholly black picture has no box (cropdetect reports x1 > x2).
      if (b.x1 > b.x2 || b.y1 > b.y2) return;
      pictures += 1;
      if (!kindOf(b)) return;
      barred += 1;
      box = box
        ? {
            x1: Math.min(box.x1, b.x1),
            x2: Math.max(box.x2, b.x2),
            y1: Math.min(box.y1, b.y1),
            y2: Math.max(box.y2, b.y2),
          }
        : { ...b };
      const last = runs[runs.length - 1];
      const end = seconds(at + sampleSeconds);
      // Consecutive samples (one sample apart, give or take a frame's rounding) make one stretch.
      if (last && at - last.end <= sampleSeconds / 2) last.end = end;
      else if (runs.length < QC_DETECTION.maxSegments) runs.push({ start: seconds(at), end });
    },
    finish(durationSeconds: number | null): QcMeasurements['bars'] {
      if (!box || !pictures || barred < pictures * QC_DETECTION.barsMinShare) return null;
      const kind = kindOf(box);
      if (!kind) return null;
      const segments = runs.map((run) => ({
        start: run.start,
        end: durationSeconds !== null ? Math.min(run.end, seconds(durationSeconds)) : run.end,
      }));
      const { x1, x2, y1, y2 } = box;
      return { kind, width: x2 - x1 + 1, height: y2 - y1 + 1, segments };
    },
  };
}

/** The frames a second cropdetect samples (media/qc.ts feeds it through `fps`). */
export const CROP_SAMPLES_PER_SECOND = 2;

/** 20·log10 of a linear peak; null for digital silence. */
const decibels = (linear: number) => (linear > 0 ? Math.round(20 * Math.log10(linear) * 10) / 10 : null);

/**
 * A reader of the QC pass's stdout: `push` each chunk as it arrives, then `finish` once ffmpeg
 * exited. Integrated loudness and loudness range are ebur128's last running values (the figures of
 * its summary), the true peak the highest of its per-frame true peaks.
 */
export function qcOutputReader(frame: QcFrame) {
  const black = stretches(QC_DETECTION.blackMinSeconds);
  const freeze = stretches(QC_DETECTION.freezeMinSeconds);
  const silence = stretches(QC_DETECTION.silenceMinSeconds);
  const bars = barsReader(frame, 1 / CROP_SAMPLES_PER_SECOND);
  let integrated: number | null = null;
  let range: number | null = null;
  let peak: number | null = null;
  let frameTime = 0;
  let crop: Partial<Record<'x1' | 'x2' | 'y1' | 'y2', number>> = {};
  let pending = '';

  const line = (text: string) => {
    if (text.startsWith('frame:')) {
      const time = Number(/pts_time:(\S+)/.exec(text)?.[1]);
      if (Number.isFinite(time)) frameTime = time;
      return;
    }
    const eq = text.indexOf('=');
    if (eq < 0) return;
    const key = text.slice(0, eq);
    const value = Number(text.slice(eq + 1));
    if (!Number.isFinite(value)) return;
    switch (key) {
      case 'lavfi.black_start':
        return black.start(value);
      case 'lavfi.black_end':
        return black.end(value);
      case 'lavfi.freezedetect.freeze_start':
        return freeze.start(value);
      case 'lavfi.freezedetect.freeze_end':
        return freeze.end(value);
      case 'lavfi.silence_start':
        return silence.start(value);
      case 'lavfi.silence_end':
        return silence.end(value);
      case 'lavfi.r128.I':
        integrated = value;
        return;
      case 'lavfi.r128.LRA':
        range = value;
        return;
      case 'lavfi.r128.true_peak':
        peak = Math.max(peak ?? 0, value);
        return;
      case 'lavfi.cropdetect.x1':
        crop = { x1: value };
        return;
      case 'lavfi.cropdetect.x2':
      case 'lavfi.cropdetect.y1':
        crop[key.slice(-2) as 'x2' | 'y1'] = value;
        return;
      case 'lavfi.cropdetect.y2': {
        const { x1, x2, y1 } = crop;
        if (x1 !== undefined && x2 !== undefined && y1 !== undefined)
          bars.sample(frameTime, { x1, x2, y1, y2: value });
        crop = {};
        return;
      }
      default:
        return;
    }
  };

  return {
    push(chunk: string) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (pending.length > MAX_LINE) pending = '';
      for (const text of lines) if (text.length <= MAX_LINE) line(text.trim());
    },
    finish(): QcMeasurements {
      if (pending) line(pending.trim());
      pending = '';
      const end = frame.durationSeconds;
      return {
        loudness_lufs: integrated === null ? null : Math.round(integrated * 10) / 10,
        loudness_range_lu: range === null ? null : Math.round(range * 10) / 10,
        true_peak_dbtp: peak === null ? null : decibels(peak),
        black: black.finish(end),
        freeze: freeze.finish(end),
        silence: silence.finish(end),
        bars: bars.finish(end),
      };
    },
  };
}
