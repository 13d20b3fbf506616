import { z } from 'zod';
import { rubricCriterionSchema, rubricSchema } from './rubric';
import {
  ROUND_ENTRY_POLICIES,
  ROUND_KIND_LABELS,
  ROUND_KINDS,
  ROUND_LIMITS,
  ROUND_MESSAGES,
  ROUND_STATUSES,
} from './round-timeline';

/**
 * Contests in rounds (issue 47): a contest runs 1–4 rounds in order (ideas → pitches → films), each
 * with its own window, judging, rubric and policy for who may enter; only the last round, a film
 * round, decides places and prizes. A contest created without rounds has one film round built from
 * its timeline (`filmRoundOf`).
 */

const ms = (iso: string) => new Date(iso).getTime();
const instant = () => z.iso.datetime({ offset: true });
const id = () =>
  z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1);

/** One round as PUT /api/contests/{id}/rounds/ takes it; with `id`, an existing round kept. */
export const roundBodySchema = z.object({
  id: id().optional(),
  kind: z.enum(ROUND_KINDS),
  title: z.string().trim().min(1, ROUND_MESSAGES.titleRequired).max(ROUND_LIMITS.titleMax),
  brief: z.string().trim().max(ROUND_LIMITS.briefMax).default(''),
  opens_at: instant(),
  closes_at: instant(),
  judging_ends_at: instant(),
  entry_policy: z.enum(ROUND_ENTRY_POLICIES),
  allow_wildcards: z.boolean().default(false),
  advance_count: z.number().int().min(0).max(ROUND_LIMITS.advanceCountMax).default(0),
  stipend_cents: z.number().int().min(0).max(ROUND_LIMITS.stipendMaxCents).default(0),
  rubric: rubricSchema.default([]),
});
export type RoundBody = z.input<typeof roundBodySchema>;
export type RoundData = z.infer<typeof roundBodySchema>;

/** A round's fields the order rules read. */
type RoundShape = Pick<
  RoundData,
  | 'id'
  | 'kind'
  | 'opens_at'
  | 'closes_at'
  | 'judging_ends_at'
  | 'entry_policy'
  | 'allow_wildcards'
  | 'advance_count'
  | 'stipend_cents'
>;

export interface RoundIssue {
  /** Index of the round, and its field; no index: the list as a whole. */
  path: [number, keyof RoundData] | [];
  message: string;
}

/**
 * What is wrong with a list of rounds as a whole, each issue with the round and field it is about
 * (the PUT body's field errors): windows in order within each round and from round to round, the
 * last round a film round that advances nobody, the first not taking advanced creators, wildcards
 * only where advanced creators are taken, each id sent once.
 */
export function roundIssues(rounds: readonly RoundShape[]): RoundIssue[] {
  const issues: RoundIssue[] = [];
  const last = rounds.length - 1;
  const seen = new Set<number>();
  rounds.forEach((round, i) => {
    if (round.id !== undefined) {
      if (seen.has(round.id)) issues.push({ path: [i, 'id'], message: ROUND_MESSAGES.sentTwice });
      seen.add(round.id);
    }
    if (ms(round.opens_at) >= ms(round.closes_at))
      issues.push({ path: [i, 'closes_at'], message: ROUND_MESSAGES.opensBeforeCloses });
    if (ms(round.judging_ends_at) < ms(round.closes_at))
      issues.push({ path: [i, 'judging_ends_at'], message: ROUND_MESSAGES.judgingAfterClose });
    const before = rounds[i - 1];
    if (before && ms(round.opens_at) < ms(before.judging_ends_at))
      issues.push({ path: [i, 'opens_at'], message: ROUND_MESSAGES.roundsInOrder });
    if (i === 0 && round.entry_policy === 'advanced')
      issues.push({ path: [i, 'entry_policy'], message: ROUND_MESSAGES.firstNotAdvanced });
    if (round.allow_wildcards && round.entry_policy !== 'advanced')
      issues.push({ path: [i, 'allow_wildcards'], message: ROUND_MESSAGES.wildcardsNeedAdvanced });
    if (i === last && round.kind !== 'film')
      issues.push({ path: [i, 'kind'], message: ROUND_MESSAGES.lastIsFilm });
    if (i === last && (round.advance_count > 0 || round.stipend_cents > 0))
      issues.push({
        path: [i, round.advance_count > 0 ? 'advance_count' : 'stipend_cents'],
        message: ROUND_MESSAGES.finalAdvancesNobody,
      });
  });
  return issues;
}

/** PUT /api/contests/{id}/rounds/: the contest's whole list of rounds, in order. */
export const updateRoundsBodySchema = z.object({
  rounds: z
    .array(roundBodySchema)
    .min(ROUND_LIMITS.roundsMin, ROUND_MESSAGES.count)
    .max(ROUND_LIMITS.roundsMax, ROUND_MESSAGES.count)
    .superRefine((rounds, ctx) => {
      for (const issue of roundIssues(rounds)) ctx.addIssue({ code: 'custom', ...issue });
    }),
});
export type UpdateRoundsBody = z.input<typeof updateRoundsBodySchema>;
export type UpdateRoundsData = z.infer<typeof updateRoundsBodySchema>;

/** A round as GET /api/contests/{id}/rounds/ returns it. */
export const roundResponseSchema = z.object({
  id: z.number().int(),
  /** 1 for the first round. */
  position: z.number().int(),
  kind: z.enum(ROUND_KINDS),
  title: z.string(),
  brief: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  judging_ends_at: z.string(),
  entry_policy: z.enum(ROUND_ENTRY_POLICIES),
  allow_wildcards: z.boolean(),
  advance_count: z.number().int(),
  /** Paid to each creator advanced from this round (the contest's currency). */
  stipend_cents: z.number().int(),
  currency: z.string(),
  rubric: z.array(rubricCriterionSchema),
  status: z.enum(ROUND_STATUSES),
});
export type RoundResponse = z.infer<typeof roundResponseSchema>;
export const roundListResponseSchema = z.array(roundResponseSchema);

/** The contest fields a one-round contest's film round is built from. */
export interface RoundTimelineSource {
  starts_at: string;
  submission_deadline: string;
  judging_ends_at: string;
  rubric: RoundData['rubric'];
}

/**
 * The one film round of a contest created without rounds: open from the contest's start (a
 * selected creator may submit as soon as they are selected) to its submission deadline, judged
 * until its judging ends, with its rubric, for its selected applicants (as every contest before
 * rounds).
 */
export function filmRoundOf(contest: RoundTimelineSource): Omit<RoundData, 'id'> {
  return {
    kind: 'film',
    title: ROUND_KIND_LABELS.film,
    brief: '',
    opens_at: contest.starts_at,
    closes_at: contest.submission_deadline,
    judging_ends_at: contest.judging_ends_at,
    entry_policy: 'selected',
    allow_wildcards: false,
    advance_count: 0,
    stipend_cents: 0,
    rubric: contest.rubric,
  };
}
