import { describe, expect, it } from 'vitest';
import { checkVideoAgainstBrief, orientationOf, videoBriefOf } from './video-brief';
import { videoRequirementsSchema } from '../contests/video-requirements';

/** The chair contest's machine-readable video requirements, as seeded. */
const CHAIR_REQUIREMENTS = videoRequirementsSchema.parse({
  aspect_ratio: '9:16',
  min_seconds: 60,
  max_seconds: 90,
  min_width: 1080,
  min_height: 1920,
  containers: ['mp4', 'mov'],
});

describe('videoBriefOf', () => {
  it("takes the chair contest's length range and orientation from its video requirements", () => {
    expect(videoBriefOf(CHAIR_REQUIREMENTS)).toEqual({
      duration: { min: 60, max: 90 },
      orientation: 'portrait',
    });
  });

  it('reads landscape ratios and open-ended lengths; {} when nothing is checkable', () => {
    expect(
      videoBriefOf(
        videoRequirementsSchema.parse({ aspect_ratio: '16:9', min_seconds: 60, max_seconds: 180 }),
      ),
    ).toEqual({ duration: { min: 60, max: 180 }, orientation: 'landscape' });
    expect(videoBriefOf(videoRequirementsSchema.parse({ min_seconds: 30 }))).toEqual({
      duration: { min: 30, max: Number.POSITIVE_INFINITY },
    });
    expect(videoBriefOf(videoRequirementsSchema.parse({ aspect_ratio: '1:1' }))).toEqual({});
    expect(videoBriefOf(videoRequirementsSchema.parse({}))).toEqual({});
  });

  it('words an open-ended length', () => {
    const [check] = checkVideoAgainstBrief(
      { durationSeconds: 12, width: 1080, height: 1920 },
      videoBriefOf(videoRequirementsSchema.parse({ min_seconds: 30 })),
    );
    expect(check!.message).toBe('Too short: 0:12. The brief asks for 30 seconds or more.');
  });
});

describe('checkVideoAgainstBrief', () => {
  const brief = videoBriefOf(CHAIR_REQUIREMENTS);

  it('passes a 75 s vertical Full HD clip', () => {
    const checks = checkVideoAgainstBrief({ durationSeconds: 75, width: 1080, height: 1920 }, brief);
    expect(checks.map((c) => [c.rule, c.ok])).toEqual([
      ['duration', true],
      ['orientation', true],
    ]);
    expect(checks.map((c) => c.message)).toEqual([
      "Length 1:15 is within the brief's 60–90 seconds.",
      'Vertical 1080×1920, as the brief asks.',
    ]);
  });

  it('says what is wrong: too short, too long, horizontal', () => {
    const [short, wide] = checkVideoAgainstBrief({ durationSeconds: 42.2, width: 1920, height: 1080 }, brief);
    expect(short).toEqual({
      rule: 'duration',
      ok: false,
      message: 'Too short: 0:42. The brief asks for 60–90 seconds.',
    });
    expect(wide).toEqual({
      rule: 'orientation',
      ok: false,
      message: 'This video is horizontal (1920×1080); the brief asks for a vertical video.',
    });
    const [long] = checkVideoAgainstBrief({ durationSeconds: 95, width: 1080, height: 1920 }, brief);
    expect(long!.message).toBe('Too long: 1:35. The brief asks for 60–90 seconds.');
  });

  it('compares whole seconds at the edges, and checks only what the brief states', () => {
    expect(checkVideoAgainstBrief({ durationSeconds: 90.4, width: 1080, height: 1920 }, brief)[0]!.ok).toBe(
      true,
    );
    expect(checkVideoAgainstBrief({ durationSeconds: 59.4, width: 1080, height: 1920 }, brief)[0]!.ok).toBe(
      false,
    );
    expect(checkVideoAgainstBrief({ durationSeconds: 10, width: 100, height: 100 }, {})).toEqual([]);
    expect(orientationOf(100, 100)).toBe('square');
  });
});
