import { describe, expect, it } from 'vitest';
import { currentRound, ROUND_MESSAGES, roundStatusAt } from './round-timeline';
import { filmRoundOf, updateRoundsBodySchema, type RoundBody } from './rounds';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

/** idea (days 0–10, judged to 14) → pitch (15–25, judged to 29) → film (30–50, judged to 60). */
function threeRounds(): RoundBody[] {
  return [
    {
      kind: 'idea',
      title: 'Ideas',
      opens_at: day(0),
      closes_at: day(10),
      judging_ends_at: day(14),
      entry_policy: 'open',
      advance_count: 10,
      stipend_cents: 10_000,
    },
    {
      kind: 'pitch',
      title: 'Pitches',
      opens_at: day(15),
      closes_at: day(25),
      judging_ends_at: day(29),
      entry_policy: 'advanced',
      allow_wildcards: true,
      advance_count: 3,
      stipend_cents: 50_000,
    },
    {
      kind: 'film',
      title: 'Films',
      opens_at: day(30),
      closes_at: day(50),
      judging_ends_at: day(60),
      entry_policy: 'advanced',
      allow_wildcards: true,
    },
  ];
}

/** The field errors a body gets, as the API words them (`rounds.1.opens_at`). */
function fieldErrors(rounds: unknown): Record<string, string[]> {
  const result = updateRoundsBodySchema.safeParse({ rounds });
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('a contest’s rounds', () => {
  it('takes ideas → pitches → films, filling the defaults', () => {
    const parsed = updateRoundsBodySchema.parse({ rounds: threeRounds() });
    expect(parsed.rounds.map((r) => r.kind)).toEqual(['idea', 'pitch', 'film']);
    expect(parsed.rounds[2]).toMatchObject({ brief: '', advance_count: 0, stipend_cents: 0, rubric: [] });
  });

  it('has 1 to 4 rounds', () => {
    expect(fieldErrors([])).toEqual({ rounds: [ROUND_MESSAGES.count] });
    const five = [...threeRounds(), ...threeRounds()].slice(0, 5);
    expect(fieldErrors(five).rounds).toEqual([ROUND_MESSAGES.count]);
    expect(
      fieldErrors(
        threeRounds()
          .slice(2)
          .map((r) => ({ ...r, entry_policy: 'selected', allow_wildcards: false })),
      ),
    ).toEqual({});
  });

  it('keeps each round’s window in order', () => {
    const rounds = threeRounds();
    rounds[0] = { ...rounds[0]!, closes_at: day(0) };
    rounds[1] = { ...rounds[1]!, judging_ends_at: day(24) };
    expect(fieldErrors(rounds)).toEqual({
      'rounds.0.closes_at': [ROUND_MESSAGES.opensBeforeCloses],
      'rounds.1.judging_ends_at': [ROUND_MESSAGES.judgingAfterClose],
    });
  });

  it('opens a round only once the round before it is judged', () => {
    const rounds = threeRounds();
    rounds[1] = { ...rounds[1]!, opens_at: day(13) };
    expect(fieldErrors(rounds)).toEqual({ 'rounds.1.opens_at': [ROUND_MESSAGES.roundsInOrder] });
    rounds[1] = { ...rounds[1]!, opens_at: day(14) };
    expect(fieldErrors(rounds)).toEqual({});
  });

  it('ends with a film round that advances nobody', () => {
    const rounds = threeRounds().slice(0, 2);
    expect(fieldErrors(rounds)).toEqual({
      'rounds.1.kind': [ROUND_MESSAGES.lastIsFilm],
      'rounds.1.advance_count': [ROUND_MESSAGES.finalAdvancesNobody],
    });
    const paid = threeRounds();
    paid[2] = { ...paid[2]!, stipend_cents: 100 };
    expect(fieldErrors(paid)).toEqual({ 'rounds.2.stipend_cents': [ROUND_MESSAGES.finalAdvancesNobody] });
  });

  it('starts with a round that does not take advanced creators, and gives wildcards only after one', () => {
    const rounds = threeRounds();
    rounds[0] = { ...rounds[0]!, entry_policy: 'advanced' };
    expect(fieldErrors(rounds)).toEqual({ 'rounds.0.entry_policy': [ROUND_MESSAGES.firstNotAdvanced] });
    rounds[0] = { ...rounds[0]!, entry_policy: 'open', allow_wildcards: true };
    expect(fieldErrors(rounds)).toEqual({
      'rounds.0.allow_wildcards': [ROUND_MESSAGES.wildcardsNeedAdvanced],
    });
  });

  it('refuses an unknown kind or policy, negative counts and stipends, a rubric not summing to 100, an id sent twice', () => {
    const rounds = threeRounds();
    rounds[0] = { ...rounds[0]!, id: 7, kind: 'poem' as never, advance_count: -1 };
    rounds[1] = { ...rounds[1]!, id: 7, stipend_cents: -5, entry_policy: 'anyone' as never };
    rounds[2] = { ...rounds[2]!, rubric: [{ name: 'Story', weight: 60 }] };
    expect(Object.keys(fieldErrors(rounds)).sort()).toEqual([
      'rounds.0.advance_count',
      'rounds.0.kind',
      'rounds.1.entry_policy',
      'rounds.1.stipend_cents',
      'rounds.2.rubric',
    ]);
    const twice = threeRounds().map((r) => ({ ...r, id: 7 }));
    expect(fieldErrors(twice)['rounds.1.id']).toEqual([ROUND_MESSAGES.sentTwice]);
  });
});

describe('a round’s status', () => {
  const round = { opens_at: day(10), closes_at: day(20), judging_ends_at: day(25) };
  it.each([
    [day(9), 'upcoming'],
    [day(10), 'open'],
    [day(20), 'open'],
    [day(21), 'judging'],
    [day(25), 'judging'],
    [day(26), 'closed'],
  ])('at %s is %s', (now, status) => {
    expect(roundStatusAt(round, new Date(now))).toBe(status);
  });

  it('the current round is the open or judging one, else the next, else the last', () => {
    const at = (...statuses: Array<'upcoming' | 'open' | 'judging' | 'closed'>) =>
      currentRound(statuses.map((status, i) => ({ i, status })))?.i;
    expect(at('closed', 'judging', 'upcoming')).toBe(1);
    expect(at('closed', 'upcoming', 'upcoming')).toBe(1);
    expect(at('upcoming', 'upcoming')).toBe(0);
    expect(at('closed', 'closed')).toBe(1);
    expect(at()).toBeUndefined();
  });
});

describe('a contest created without rounds', () => {
  it('has one film round on its timeline, for its selected applicants, with its rubric', () => {
    const rubric = [{ name: 'Story', weight: 100 }];
    const round = filmRoundOf({
      starts_at: day(0),
      submission_deadline: day(27),
      judging_ends_at: day(34),
      rubric,
    });
    expect(round).toMatchObject({
      kind: 'film',
      opens_at: day(0),
      closes_at: day(27),
      judging_ends_at: day(34),
      entry_policy: 'selected',
      allow_wildcards: false,
      rubric,
    });
    expect(updateRoundsBodySchema.safeParse({ rounds: [round] }).success).toBe(true);
  });
});
