import { describe, expect, it } from 'vitest';
import { agreementBlocks, defaultAgreementText, updateAgreementBodySchema, applyBodySchema } from '../index';

describe('contest agreement text', () => {
  it('the default text names the contest, its brand and its dates in the contest time zone', () => {
    const text = defaultAgreementText({
      title: 'Night Light Contest',
      brandName: 'Lumora',
      timezone: 'America/Los_Angeles',
      submissionDeadline: '2025-08-23T06:59:00Z',
      winnersAt: '2025-09-15T17:00:00Z',
    });
    expect(text).toContain('for Night Light Contest, sponsored by Lumora');
    expect(text).toContain('deliver the video by 08-22-2025 11:59 PM PDT');
    expect(text).toContain('for 24 months from September 15, 2025');
  });

  it('reads headings, lists and paragraphs; a heading may sit on the first line of a block', () => {
    expect(
      agreementBlocks('Intro\nline two.\r\n\r\n## 1. Title\n\n- one\n- two\n\n## 2. Next\nBody'),
    ).toEqual([
      { kind: 'paragraph', text: 'Intro line two.' },
      { kind: 'heading', text: '1. Title' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'heading', text: '2. Next' },
      { kind: 'paragraph', text: 'Body' },
    ]);
  });

  it('bounds the text and checks agreement_sha256', () => {
    expect(updateAgreementBodySchema.safeParse({ text: ' \n ' }).success).toBe(false);
    expect(updateAgreementBodySchema.safeParse({ text: 'x'.repeat(50_001) }).success).toBe(false);
    const sha = 'A'.repeat(64);
    const parsed = applyBodySchema.shape.agreement_sha256.safeParse(sha);
    expect(parsed.success && parsed.data).toBe('a'.repeat(64));
    expect(applyBodySchema.shape.agreement_sha256.safeParse('xyz').success).toBe(false);
  });
});
