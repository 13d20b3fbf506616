import { describe, expect, it } from 'vitest';
import { ROUND_MESSAGES, type RoundResponse } from '@app/domain';
import { newRound, roundFormErrors, roundsToValues, valuesToRoundsBody } from './round-form-values';

const tz = 'America/Los_Angeles';
const film: RoundResponse = {
  id: 4,
  position: 1,
  kind: 'film',
  title: 'Film',
  brief: '',
  opens_at: '2026-01-01T08:00:00.000Z',
  closes_at: '2026-01-28T07:59:00.000Z',
  judging_ends_at: '2026-02-04T07:59:00.000Z',
  entry_policy: 'selected',
  allow_wildcards: false,
  advance_count: 0,
  stipend_cents: 0,
  currency: 'USD',
  rubric: [
    { name: 'Story', weight: 60 },
    { name: 'Craft', weight: 40 },
  ],
  status: 'open',
};

describe('the rounds editor’s values', () => {
  it('give back the rounds they were made from, on the contest’s clock', () => {
    const values = roundsToValues([film], tz);
    expect(values.rounds[0]).toMatchObject({
      opens_at: '2026-01-01T00:00',
      closes_at: '2026-01-27T23:59',
      rubric: 'Story: 60\nCraft: 40',
      stipend: '0',
    });
    const { id: _id, position: _p, currency: _c, status: _s, ...body } = film;
    expect(valuesToRoundsBody(values, tz)).toEqual({ rounds: [{ id: 4, ...body }] });
    expect(roundFormErrors(values, tz)).toEqual({});
  });

  it('read a stipend in currency units and a new idea round before the film', () => {
    const idea = {
      ...newRound(),
      kind: 'idea' as const,
      title: 'Ideas',
      entry_policy: 'open' as const,
      opens_at: '2025-12-01T00:00',
      closes_at: '2025-12-10T23:59',
      judging_ends_at: '2025-12-14T23:59',
      advance_count: '10',
      stipend: '250.50',
    };
    const values = {
      rounds: [idea, { ...roundsToValues([film], tz).rounds[0]!, entry_policy: 'advanced' as const }],
    };
    const body = valuesToRoundsBody(values, tz);
    expect(body.rounds[0]).toMatchObject({
      kind: 'idea',
      advance_count: 10,
      stipend_cents: 25_050,
      rubric: [],
    });
    expect(roundFormErrors(values, tz)).toEqual({});
  });

  it('word their errors by field: a missing date, a title, a rubric line, the rules of the list', () => {
    const values = roundsToValues([film], tz);
    values.rounds[0] = {
      ...values.rounds[0]!,
      title: ' ',
      closes_at: '',
      rubric: 'Story\nCraft: 40',
      kind: 'pitch',
    };
    expect(roundFormErrors(values, tz)).toMatchObject({
      'rounds.0.closes_at': 'Enter a date and time.',
      'rounds.0.title': ROUND_MESSAGES.titleRequired,
      'rounds.0.rubric': ROUND_MESSAGES.rubricLine,
    });
    // The rules of the list as a whole, once each round reads.
    const pitch = roundsToValues([film], tz);
    pitch.rounds[0] = { ...pitch.rounds[0]!, kind: 'pitch' };
    expect(roundFormErrors(pitch, tz)).toEqual({ 'rounds.0.kind': ROUND_MESSAGES.lastIsFilm });
    expect(roundFormErrors({ rounds: [] }, tz)).toEqual({ 'rounds.root': ROUND_MESSAGES.count });
  });
});
