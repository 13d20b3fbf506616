import { describe, expect, it } from 'vitest';
import { QC_DETECTION } from '@app/domain';
import { qcOutputReader, type QcFrame } from './qc-output';

/** Lines as ffmpeg 5.1's print-mode metadata filters write them: a frame line, then key=value. */
const frame = (n: number, time: number, entries: Record<string, number>) =>
  [`frame:${n}    pts:${Math.round(time * 1000)}    pts_time:${time}`]
    .concat(Object.entries(entries).map(([key, value]) => `${key}=${value}`))
    .join('\n') + '\n';

const crop = (x1: number, x2: number, y1: number, y2: number) => ({
  'lavfi.cropdetect.x1': x1,
  'lavfi.cropdetect.x2': x2,
  'lavfi.cropdetect.y1': y1,
  'lavfi.cropdetect.y2': y2,
  'lavfi.cropdetect.w': x2 - x1 + 1,
  'lavfi.cropdetect.h': y2 - y1 + 1,
  'lavfi.cropdetect.x': x1,
  'lavfi.cropdetect.y': y1,
});

/** Feeds `text` in chunks of `size` characters (ffmpeg's writes arrive cut anywhere). */
function read(text: string, shape: QcFrame, size = 7) {
  const reader = qcOutputReader(shape);
  for (let at = 0; at < text.length; at += size) reader.push(text.slice(at, at + size));
  return reader.finish();
}

const VERTICAL: QcFrame = { width: 360, height: 640, durationSeconds: 6 };

describe('the QC pass output reader', () => {
  it('reads black, frozen and silent stretches with their times, closing the ones still open at the end', () => {
    const out =
      frame(0, 0, { 'lavfi.black_start': 0 }) +
      frame(25, 1, { 'lavfi.black_end': 1 }) +
      frame(30, 1.2, { 'lavfi.black_start': 1.2 }) +
      // Shorter than blackMinSeconds: a cut, not a black stretch.
      frame(31, 1.24, { 'lavfi.black_end': 1.24 }) +
      frame(60, 2.4, { 'lavfi.freezedetect.freeze_start': 1.96 }) +
      frame(125, 5, { 'lavfi.freezedetect.freeze_duration': 3.04, 'lavfi.freezedetect.freeze_end': 5 }) +
      frame(20, 2.0, { 'lavfi.silence_start': 2.00092 }) +
      frame(50, 5.0, { 'lavfi.silence_end': 5.00002, 'lavfi.silence_duration': 2.9991 }) +
      frame(55, 5.5, { 'lavfi.silence_start': 5.5 }) +
      frame(140, 5.6, { 'lavfi.black_start': 5.6 });
    const measured = read(out, VERTICAL);
    expect(measured.black).toEqual({
      count: 2,
      longest_seconds: 1,
      segments: [
        { start: 0, end: 1 },
        // A fade to black at the end: closed at the file's end.
        { start: 5.6, end: 6 },
      ],
    });
    expect(measured.freeze).toEqual({ count: 1, longest_seconds: 3.04, segments: [{ start: 1.96, end: 5 }] });
    // The silence still open at the end (0.5 s) is shorter than silenceMinSeconds.
    expect(measured.silence).toEqual({
      count: 1,
      longest_seconds: 2.999,
      segments: [{ start: 2.001, end: 5 }],
    });
  });

  it("takes ebur128's last integrated loudness and range, and the highest true peak in dBTP", () => {
    const r128 = (i: number, lra: number, peak: number) => ({
      'lavfi.r128.M': -7.1,
      'lavfi.r128.S': -7.2,
      'lavfi.r128.I': i,
      'lavfi.r128.LRA': lra,
      'lavfi.r128.LRA.low': -8,
      'lavfi.r128.LRA.high': -7,
      'lavfi.r128.true_peaks_ch0': peak,
      'lavfi.r128.true_peak': peak,
    });
    const out =
      frame(0, 0, r128(-70, 0, 0.2)) +
      frame(1, 0.1, r128(-9.5, 1.5, 0.95)) +
      frame(2, 0.2, r128(-8.03, 2.04, 0.5));
    const measured = read(out, VERTICAL, 13);
    expect(measured.loudness_lufs).toBe(-8);
    expect(measured.loudness_range_lu).toBe(2);
    // 20·log10(0.95)
    expect(measured.true_peak_dbtp).toBe(-0.4);
  });

  it('reports no sound figures when nothing was printed for the sound (no audio stream)', () => {
    const measured = read(frame(0, 0, crop(0, 359, 0, 639)), VERTICAL);
    expect(measured).toMatchObject({ loudness_lufs: null, loudness_range_lu: null, true_peak_dbtp: null });
    expect(measured.silence.count).toBe(0);
  });

  it('finds letterbox bars when most pictures have them, ignoring wholly black pictures', () => {
    let out = frame(0, 0, crop(359, 0, 639, 0)); // black: cropdetect's box is inverted
    for (let n = 1; n < 10; n++) out += frame(n, n / 2, crop(0, 359, 219, 420));
    // One bright picture over the bars: still consistently letterboxed (9 of 10).
    out += frame(10, 5, crop(0, 359, 0, 639));
    const measured = read(out, VERTICAL);
    expect(measured.bars).toEqual({
      kind: 'letterbox',
      width: 360,
      height: 202,
      segments: [{ start: 0.5, end: 5 }],
    });
  });

  it('finds pillarbox bars, and none when the picture fills the frame or bars come and go', () => {
    const pillar = [1, 2, 3, 4].map((n) => frame(n, n / 2, crop(100, 259, 0, 639))).join('');
    expect(read(pillar, VERTICAL).bars).toMatchObject({ kind: 'pillarbox', width: 160, height: 640 });
    const full = [1, 2, 3, 4].map((n) => frame(n, n / 2, crop(0, 359, 0, 639))).join('');
    expect(read(full, VERTICAL).bars).toBeNull();
    const half = [1, 2, 3, 4]
      .map((n) => frame(n, n / 2, n % 2 ? crop(0, 359, 219, 420) : crop(0, 359, 0, 639)))
      .join('');
    expect(read(half, VERTICAL).bars).toBeNull();
    // Edges darker than a few pixels are not bars.
    const thin = [1, 2, 3].map((n) => frame(n, n / 2, crop(0, 359, 4, 635))).join('');
    expect(read(thin, VERTICAL).bars).toBeNull();
  });

  it('keeps at most maxSegments stretches but counts them all, and drops lines no ffmpeg writes', () => {
    let out = 'x'.repeat(5000) + '\n' + 'garbage without equals\nlavfi.black_start=not-a-number\n';
    for (let n = 0; n < 80; n++)
      out +=
        frame(n * 2, n, { 'lavfi.black_start': n }) +
        frame(n * 2 + 1, n + 0.5, { 'lavfi.black_end': n + 0.5 });
    const measured = read(out, { width: 100, height: 100, durationSeconds: 90 }, 4096);
    expect(measured.black.count).toBe(80);
    expect(measured.black.longest_seconds).toBe(0.5);
    expect(measured.black.segments).toHaveLength(QC_DETECTION.maxSegments);
    expect(measured.black.segments[0]).toEqual({ start: 0, end: 0.5 });
  });
});
