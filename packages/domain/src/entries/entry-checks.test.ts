import { describe, expect, it } from 'vitest';
import { videoRequirementsSchema } from '../contests/video-requirements';
import {
  checkEntryVideo,
  containerOfType,
  describeRatio,
  failedErrors,
  failedWarnings,
  shownSize,
} from './entry-checks';

/** The chair contest's machine-readable video requirements, as seeded. */
const CHAIR = videoRequirementsSchema.parse({
  aspect_ratio: '9:16',
  min_seconds: 60,
  max_seconds: 90,
  min_width: 1080,
  min_height: 1920,
  containers: ['mp4', 'mov'],
});

const facts = (over: Partial<Parameters<typeof checkEntryVideo>[0]> = {}) => ({
  durationSeconds: 75,
  width: 1080,
  height: 1920,
  container: 'mp4' as const,
  ...over,
});

describe('checkEntryVideo', () => {
  it('passes a 75 s vertical Full HD MP4 on every rule', () => {
    const checks = checkEntryVideo(facts(), CHAIR);
    expect(checks.map((c) => [c.rule, c.ok])).toEqual([
      ['orientation', true],
      ['aspect_ratio', true],
      ['duration', true],
      ['resolution', true],
      ['container', true],
    ]);
  });

  it('refuses landscape for a vertical brief, in the words of the issue', () => {
    const [orientation] = checkEntryVideo(facts({ width: 1920, height: 1080 }), CHAIR);
    expect(orientation).toEqual({
      rule: 'orientation',
      ok: false,
      severity: 'error',
      message: 'This video is 16:9 landscape; the brief asks for 9:16 vertical.',
    });
  });

  it('turns a 1920×1080 stream tagged 90° upright: vertical', () => {
    expect(shownSize({ width: 1920, height: 1080, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
    expect(shownSize({ width: 1920, height: 1080, rotation: -90 })).toEqual({ width: 1080, height: 1920 });
    const checks = checkEntryVideo(facts({ width: 1920, height: 1080, rotation: 90 }), CHAIR);
    expect(failedErrors(checks)).toEqual([]);
  });

  it('refuses a 45 s video for 60–90 s; a soft window makes a few seconds a warning', () => {
    expect(failedErrors(checkEntryVideo(facts({ durationSeconds: 45 }), CHAIR))[0]!.message).toBe(
      'This video is 0:45 long; the brief asks for 60–90 seconds.',
    );
    const soft = { ...CHAIR, duration_tolerance_seconds: 5 };
    const warnings = failedWarnings(checkEntryVideo(facts({ durationSeconds: 57 }), soft));
    expect(warnings.map((c) => c.message)).toEqual([
      "This video is 0:57 long, 3 s shorter than the brief's 60–90 seconds.",
    ]);
    expect(failedErrors(checkEntryVideo(facts({ durationSeconds: 50 }), soft))).toHaveLength(1);
  });

  it('refuses a small picture and a container the brief does not take; warns on a near ratio', () => {
    const checks = checkEntryVideo(facts({ width: 720, height: 1280, container: 'webm' }), CHAIR);
    expect(failedErrors(checks).map((c) => c.message)).toEqual([
      'This video is 720×1280; the brief asks for at least 1080×1920.',
      'This video is a WebM file; the brief asks for MP4 or MOV.',
    ]);
    const near = checkEntryVideo(facts({ width: 1440, height: 1920 }), CHAIR);
    expect(failedWarnings(near)[0]!.message).toBe(
      'This video is 3:4 vertical; the brief asks for 9:16 vertical, so it may be cropped or shown with bars.',
    );
  });

  it('checks only what is known and what the brief states', () => {
    expect(
      checkEntryVideo(facts({ durationSeconds: null, width: null, height: null, container: null }), CHAIR),
    ).toEqual([]);
    expect(checkEntryVideo(facts(), videoRequirementsSchema.parse({}))).toEqual([]);
    expect(describeRatio(32, 56)).toBe('9:16');
    expect(containerOfType('video/quicktime')).toBe('mov');
    expect(containerOfType('', 'clip.MP4')).toBe('mp4');
  });
});
