import {
  amountToCents,
  centsToAmount,
  ROUND_MESSAGES,
  updateRoundsBodySchema,
  type RoundEntryPolicy,
  type RoundKind,
  type RoundResponse,
  type UpdateRoundsBody,
} from '@app/domain';
import { fromZonedInput, toZonedInput } from './contest-form-values';

/** The window fields of a round, entered on the contest's clock. */
export const ROUND_WINDOW_FIELDS = ['opens_at', 'closes_at', 'judging_ends_at'] as const;

/** One round as the rounds editor holds it: text as typed, dates on the contest's wall clock. */
export interface RoundFormValues {
  /** Set for a round the contest already has (it keeps its row and entries). */
  id?: number;
  kind: RoundKind;
  title: string;
  brief: string;
  opens_at: string;
  closes_at: string;
  judging_ends_at: string;
  entry_policy: RoundEntryPolicy;
  allow_wildcards: boolean;
  advance_count: string;
  /** Per advanced creator, in currency units as typed ('250' or '250.00'). */
  stipend: string;
  /** One criterion a line: 'Story: 60'. */
  rubric: string;
}

export interface RoundsFormValues {
  rounds: RoundFormValues[];
}

/** The contest's rounds as the editor starts them. */
export function roundsToValues(rounds: RoundResponse[], timeZone: string): RoundsFormValues {
  return {
    rounds: rounds.map((round) => ({
      id: round.id,
      kind: round.kind,
      title: round.title,
      brief: round.brief,
      opens_at: toZonedInput(round.opens_at, timeZone),
      closes_at: toZonedInput(round.closes_at, timeZone),
      judging_ends_at: toZonedInput(round.judging_ends_at, timeZone),
      entry_policy: round.entry_policy,
      allow_wildcards: round.allow_wildcards,
      advance_count: String(round.advance_count),
      stipend: round.stipend_cents ? centsToAmount(round.stipend_cents) : '0',
      rubric: round.rubric.map((c) => `${c.name}: ${c.weight}`).join('\n'),
    })),
  };
}

/** A new round for the editor: a film round after the last one (kind and dates to be set). */
export function newRound(after?: RoundFormValues): RoundFormValues {
  return {
    kind: 'film',
    title: '',
    brief: '',
    opens_at: after?.judging_ends_at ?? '',
    closes_at: '',
    judging_ends_at: '',
    entry_policy: after ? 'advanced' : 'selected',
    allow_wildcards: false,
    advance_count: '0',
    stipend: '0',
    rubric: '',
  };
}

/** 'Story: 60' lines as criteria (a line without a weight gets NaN, which the schema refuses). */
function rubricOf(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.*?)[\s:]+(\d+)\s*%?$/.exec(line);
      return match
        ? { name: match[1]!.trim(), weight: Number(match[2]) }
        : { name: line, weight: Number.NaN };
    });
}

const whole = (text: string) => (text.trim() === '' ? 0 : Number(text));

/** The editor's values as the PUT body (dates read on the contest's clock). */
export function valuesToRoundsBody(values: RoundsFormValues, timeZone: string): UpdateRoundsBody {
  return {
    rounds: values.rounds.map((round) => ({
      ...(round.id !== undefined ? { id: round.id } : {}),
      kind: round.kind,
      title: round.title,
      brief: round.brief,
      opens_at: fromZonedInput(round.opens_at, timeZone),
      closes_at: fromZonedInput(round.closes_at, timeZone),
      judging_ends_at: fromZonedInput(round.judging_ends_at, timeZone),
      entry_policy: round.entry_policy,
      allow_wildcards: round.allow_wildcards,
      advance_count: whole(round.advance_count),
      stipend_cents: round.stipend.trim() === '' ? 0 : amountToCents(round.stipend),
      rubric: rubricOf(round.rubric),
    })),
  };
}

/** The body's field names as the editor's ('rounds.1.stipend_cents' → 'rounds.1.stipend'). */
export function roundFieldOf(path: ReadonlyArray<PropertyKey>): string {
  const [head, index, field] = path.map(String);
  if (head !== 'rounds') return 'rounds.root';
  if (index === undefined) return 'rounds.root';
  if (field === undefined || field === 'id') return `rounds.${index}.title`;
  if (field === 'stipend_cents') return `rounds.${index}.stipend`;
  return `rounds.${index}.${field}`;
}

/** Checks the values with the domain's schema: the first message of each editor field. */
export function roundFormErrors(values: RoundsFormValues, timeZone: string): Record<string, string> {
  const errors: Record<string, string> = {};
  values.rounds.forEach((round, i) => {
    for (const field of ROUND_WINDOW_FIELDS)
      if (!round[field]) errors[`rounds.${i}.${field}`] = 'Enter a date and time.';
  });
  const parsed = updateRoundsBodySchema.safeParse(valuesToRoundsBody(values, timeZone));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A criterion's own issue (a line without its weight) is about the way the line is written.
      const criterion = issue.path[2] === 'rubric' && issue.path.length > 3;
      errors[roundFieldOf(issue.path)] ??= criterion ? ROUND_MESSAGES.rubricLine : issue.message;
    }
  }
  return errors;
}
