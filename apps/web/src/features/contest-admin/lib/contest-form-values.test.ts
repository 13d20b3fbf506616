import { describe, expect, it } from 'vitest';
import { makeContest } from '../../../testing/fixtures';
import {
  contestFormErrors,
  contestToValues,
  fromZonedInput,
  newContestValues,
  toZonedInput,
  valuesToBody,
} from './contest-form-values';

describe('contest form values', () => {
  it("reads and writes dates on the contest's own clock", () => {
    expect(toZonedInput('2025-08-23T06:59:00.000Z', 'America/Los_Angeles')).toBe('2025-08-22T23:59');
    expect(fromZonedInput('2025-08-22T23:59', 'America/Los_Angeles')).toBe('2025-08-23T06:59:00.000Z');
    expect(fromZonedInput('2025-01-10T09:00', 'Europe/Paris')).toBe('2025-01-10T08:00:00.000Z');
  });

  it('round-trips a contest into the body the API takes', () => {
    const contest = makeContest({ rubric: [{ name: 'Story', weight: 100 }] });
    const body = valuesToBody(contestToValues(contest), contest);
    expect(body).toMatchObject({
      slug: contest.slug,
      brand_id: 1,
      prize_cents: 500_000,
      starts_at: contest.starts_at,
      winners_at: contest.winners_at,
      rubric: [{ name: 'Story', weight: 100 }],
      video_requirements: { aspect_ratio: '9:16', min_seconds: 60, containers: ['mp4', 'mov'] },
    });
    expect(body.products).toHaveLength(3);
    expect(body.products[0]).toMatchObject({ id: contest.products[0]!.id });
  });

  it('checks the domain schema, the rubric sum and the timeline order, by form field', () => {
    const values = {
      ...newContestValues(1, new Date('2026-01-01T00:00:00Z')),
      title: 'Lamps',
      products: [{ code: 'L', name: '', description: '', features: '', image_url: '', stock_quantity: '2' }],
    };
    expect(contestFormErrors({ ...values, products: [{ ...values.products[0]!, name: 'Lamp' }] })).toEqual(
      {},
    );
    const errors = contestFormErrors({
      ...values,
      rubric: [{ name: 'Story', weight: '50' }],
      winners_at: values.starts_at,
    });
    expect(errors['products.0.name']).toBeTruthy();
    expect(errors['rubric.root']).toContain('100');
    expect(errors.winners_at).toBe('This date must come after the one above it.');
  });
});
