import { describe, expect, it } from 'vitest';
import { videoRequirementsSchema } from '../contests/video-requirements';
import { deliverySpecSchema } from './delivery-spec';
import { DEFAULT_DELIVERY_SPEC, type QcCheckId } from './qc-words';
import { judgeQc, type QcFacts } from './qc';

const none = { count: 0, longest_seconds: 0, segments: [] };
const facts = (overrides: Partial<QcFacts> = {}): QcFacts => ({
  width: 1080,
  height: 1920,
  frame_rate: 30,
  duration_seconds: 45,
  has_audio: true,
  loudness_lufs: -14.2,
  loudness_range_lu: 4.1,
  true_peak_dbtp: -2.3,
  black: none,
  freeze: none,
  silence: none,
  bars: null,
  ...overrides,
});
const result = (f: QcFacts, id: QcCheckId, spec = DEFAULT_DELIVERY_SPEC) =>
  judgeQc(f, spec).find((c) => c.id === id)!.result;

describe('judgeQc: measurements against a delivery spec', () => {
  it('defaults to the streaming spec: -14 LUFS ± 2 LU, true peak ≤ -1 dBTP, 0.5 s black, 2 s frozen, sound required', () => {
    expect(DEFAULT_DELIVERY_SPEC).toEqual({
      loudness_lufs: -14,
      loudness_tolerance: 2,
      true_peak_max_dbtp: -1,
      max_black_seconds: 0.5,
      max_freeze_seconds: 2,
      audio_required: true,
      blocking: [],
    });
    // The schema's defaults are the same spec (an empty body, a contest that names none).
    expect(deliverySpecSchema.parse({})).toEqual(DEFAULT_DELIVERY_SPEC);
    expect(judgeQc(facts()).every((c) => c.result === 'pass')).toBe(true);
  });

  it('judges loudness and true peak at their edges, as shown (one decimal)', () => {
    expect(result(facts({ loudness_lufs: -16 }), 'loudness')).toBe('pass');
    expect(result(facts({ loudness_lufs: -16.1 }), 'loudness')).toBe('fail');
    expect(result(facts({ loudness_lufs: -11.96 }), 'loudness')).toBe('pass');
    expect(result(facts({ true_peak_dbtp: -1 }), 'true_peak')).toBe('pass');
    expect(result(facts({ true_peak_dbtp: -0.9 }), 'true_peak')).toBe('fail');
    // EBU R128 for broadcast: -23 LUFS.
    const broadcast = deliverySpecSchema.parse({ loudness_lufs: -23, loudness_tolerance: 1 });
    expect(result(facts(), 'loudness', broadcast)).toBe('fail');
    expect(result(facts({ loudness_lufs: -22.5 }), 'loudness', broadcast)).toBe('pass');
  });

  it('fails a missing or silent sound track only when sound is required', () => {
    const silentFile = facts({ has_audio: false, loudness_lufs: null, true_peak_dbtp: null });
    expect(judgeQc(silentFile).find((c) => c.id === 'audio')).toMatchObject({
      result: 'fail',
      value: 'missing',
    });
    expect(result(silentFile, 'loudness')).toBe('pass');
    const optional = deliverySpecSchema.parse({ audio_required: false });
    expect(result(silentFile, 'audio', optional)).toBe('pass');
    const mute = facts({
      loudness_lufs: -70,
      silence: { count: 1, longest_seconds: 45, segments: [{ start: 0, end: 45 }] },
    });
    expect(judgeQc(mute).find((c) => c.id === 'audio')).toMatchObject({ result: 'fail', value: 'silent' });
    expect(result(mute, 'silence')).toBe('warn');
  });

  it('judges the stream facts against a brief when given one, with the words of its targets', () => {
    const brief = videoRequirementsSchema.parse({
      aspect_ratio: '16:9',
      min_seconds: 30,
      max_seconds: 60,
      min_width: 1920,
      min_height: 1080,
    });
    const checks = judgeQc(facts(), DEFAULT_DELIVERY_SPEC, brief);
    expect(checks.find((c) => c.id === 'orientation')).toMatchObject({
      result: 'fail',
      value: '9:16 portrait',
      target: '16:9 landscape',
    });
    expect(checks.find((c) => c.id === 'resolution')).toMatchObject({
      result: 'fail',
      value: '1080×1920',
      target: 'at least 1920×1080',
    });
    expect(checks.find((c) => c.id === 'duration')).toMatchObject({
      result: 'pass',
      value: 45,
      target: '30–60 s',
    });
    expect(checks.find((c) => c.id === 'frame_rate')).toMatchObject({
      result: 'pass',
      value: 30,
      target: null,
    });
    // A brief that asks nothing leaves facts as facts.
    const nothing = judgeQc(facts(), DEFAULT_DELIVERY_SPEC, videoRequirementsSchema.parse({}));
    expect(nothing.filter((c) => c.target === null).map((c) => c.id)).toEqual([
      'bars',
      'resolution',
      'frame_rate',
      'orientation',
      'duration',
    ]);
  });
});
