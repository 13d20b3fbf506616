import { describe, expect, it } from 'vitest';
import { checkVideoAgainstBrief, orientationOf, videoBriefFromRequirements } from './video-brief';

/** The chair contest's requirement lines, as seeded. */
const CHAIR_REQUIREMENTS = [
  '9:16 vertical video',
  'Split into 3 scenes',
  '60–90 seconds long',
  'MOV or MP4, Full HD or 4K',
  'Show at least 3–4 key features of the chair',
];

describe('videoBriefFromRequirements', () => {
  it("reads the chair contest's length range and orientation, and nothing from other lines", () => {
    expect(videoBriefFromRequirements(CHAIR_REQUIREMENTS)).toEqual({
      duration: { min: 60, max: 90 },
      orientation: 'portrait',
    });
  });

  it('understands minutes, plain hyphens and landscape briefs; {} when nothing is checkable', () => {
    expect(videoBriefFromRequirements(['1-3 minutes', 'A 16:9 horizontal cut'])).toEqual({
      duration: { min: 60, max: 180 },
      orientation: 'landscape',
    });
    expect(videoBriefFromRequirements(['Show 3–4 key features', 'Split into 3 scenes'])).toEqual({});
    expect(videoBriefFromRequirements([])).toEqual({});
  });
});

describe('checkVideoAgainstBrief', () => {
  const brief = videoBriefFromRequirements(CHAIR_REQUIREMENTS);

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
