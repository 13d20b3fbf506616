// Rounds as every page states them (issue 47): plain constants and functions, no schema, so the
// public contest page imports them without the validation library (the schemas: rounds.ts).
import { JUDGING_LIMITS } from '../judging/limits';

/** What a round asks for: an idea (title and text), a pitch (a short video or a deck), a film. */
export const ROUND_KINDS = ['idea', 'pitch', 'film'] as const;
export type RoundKind = (typeof ROUND_KINDS)[number];

/**
 * Who may enter a round: `open` any verified creator; `selected` the contest's selected applicants
 * (as a one-round contest today); `advanced` the creators advanced from the round before.
 */
export const ROUND_ENTRY_POLICIES = ['open', 'selected', 'advanced'] as const;
export type RoundEntryPolicy = (typeof ROUND_ENTRY_POLICIES)[number];

/** Where a round is on its window, derived from its dates and now (`roundStatusAt`), never stored. */
export const ROUND_STATUSES = ['upcoming', 'open', 'judging', 'closed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const ROUND_LIMITS = {
  roundsMin: 1,
  roundsMax: 4,
  titleMax: 120,
  briefMax: 2_000,
  /** How many creators one round may mean to advance, at most. */
  advanceCountMax: 10_000,
  /** The largest stipend of one advanced creator, as the largest prize. */
  stipendMaxCents: JUDGING_LIMITS.prizeMaxCents,
} as const;

/** The words of the rounds' rules (docs/spec-decisions.md, "Contests in rounds"). */
export const ROUND_MESSAGES = {
  count: 'A contest has 1 to 4 rounds.',
  titleRequired: 'Give the round a title.',
  rubricLine: 'One criterion a line, with its weight: “Story: 60”.',
  opensBeforeCloses: 'A round must open before it closes.',
  judgingAfterClose: 'Judging of a round cannot end before the round closes.',
  roundsInOrder: 'Each round must open after the round before it has been judged.',
  lastIsFilm: 'The last round must be a film round.',
  firstNotAdvanced: 'The first round cannot take advanced creators: no round comes before it.',
  wildcardsNeedAdvanced: 'Wildcards are for a round that takes advanced creators.',
  finalAdvancesNobody: 'The last round advances nobody: its advance count and stipend must be 0.',
  sentTwice: 'Each round may be sent only once.',
  unknownRound: 'This round is not one of this contest’s rounds.',
  hasEntries: 'This round has entries: it cannot be removed.',
  timelineConflict: 'The last round must close after the contest’s application deadline.',
  deadlineBeforeLastRound: 'The submission deadline must come after the last round opens.',
} as const;

/** What each kind of round asks of a creator, as the contest page states it. */
export const ROUND_KIND_ASKS: Record<RoundKind, string> = {
  idea: 'An idea: a title and up to 2,000 characters, with one image or PDF if you like.',
  pitch: 'A pitch: a video of up to 90 seconds or a PDF deck.',
  film: 'A film: your finished video, checked against the brief.',
};

export const ROUND_KIND_LABELS: Record<RoundKind, string> = { idea: 'Idea', pitch: 'Pitch', film: 'Film' };
export const ROUND_ENTRY_POLICY_LABELS: Record<RoundEntryPolicy, string> = {
  open: 'Open to every creator',
  selected: 'Selected applicants',
  advanced: 'Creators advanced from the round before',
};
export const ROUND_STATUS_LABELS: Record<RoundStatus, string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  judging: 'Judging',
  closed: 'Closed',
};

const ms = (iso: string) => new Date(iso).getTime();

/**
 * Where a round is at `now`: upcoming before it opens, open until it closes (the closing instant
 * included, as a contest's deadlines), judging until its judging ends, then closed.
 */
export function roundStatusAt(
  round: { opens_at: string; closes_at: string; judging_ends_at: string },
  now: Date = new Date(),
): RoundStatus {
  const t = now.getTime();
  if (t < ms(round.opens_at)) return 'upcoming';
  if (t <= ms(round.closes_at)) return 'open';
  if (t <= ms(round.judging_ends_at)) return 'judging';
  return 'closed';
}

/**
 * The round a contest is in (the one its page highlights): the first open or judging one, else the
 * next upcoming one, else the last. Undefined for no rounds.
 */
export function currentRound<R extends { status: RoundStatus }>(rounds: readonly R[]): R | undefined {
  return (
    rounds.find((r) => r.status === 'open' || r.status === 'judging') ??
    rounds.find((r) => r.status === 'upcoming') ??
    rounds[rounds.length - 1]
  );
}
