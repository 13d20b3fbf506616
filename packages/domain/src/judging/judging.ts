import { z } from 'zod';
import { pageQuerySchema } from '../common/paging';
import { rubricCriterionSchema } from '../contests/rubric';
import { videoPlaybackSchema } from '../videos/video-api';
import { JUDGING_LIMITS } from './limits';
import { RANK_BANDS } from './rank';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** `/api/contests/{id}/scores|ranking|results/` (numeric ids). */
export const contestIdParamsSchema = z.object({ id });
export type ContestIdParams = z.infer<typeof contestIdParamsSchema>;

export const criterionScoreSchema = z.object({
  criterion: z.string().trim().min(1).max(80),
  score: z.number().int().min(JUDGING_LIMITS.scoreMin).max(JUDGING_LIMITS.scoreMax),
});
export type CriterionScore = z.infer<typeof criterionScoreSchema>;

/** `PUT /api/entries/{id}/scores/`: one mark per rubric criterion, and feedback for the entrant. */
export const scoreBodySchema = z.object({
  scores: z.array(criterionScoreSchema).min(1).max(10),
  feedback: z.string().trim().max(JUDGING_LIMITS.feedbackMax).default(''),
});
export type ScoreBody = z.infer<typeof scoreBodySchema>;

/** A judge's own score of an entry. */
export const ownScoreSchema = z.object({
  entry_id: z.number(),
  version: z.number(),
  scores: z.array(criterionScoreSchema),
  /** On the 1–10 scale (weights applied), 2 decimals. */
  weighted_score: z.number(),
  feedback: z.string(),
  updated_at: z.string(),
});
export type OwnScore = z.infer<typeof ownScoreSchema>;

/**
 * What a judge sees of a version: its video, playable (its renditions; the original file is
 * served only by the download routes, to its owner, staff and a delivery).
 */
export const judgedVideoSchema = z.object({
  id: z.number(),
  title: z.string(),
  poster_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  playback: videoPlaybackSchema.nullable(),
});
export type JudgedVideo = z.infer<typeof judgedVideoSchema>;

export const judgingWindowSchema = z.object({
  contest_id: z.number(),
  title: z.string(),
  rubric: z.array(rubricCriterionSchema),
  judging_starts_at: z.string(),
  judging_ends_at: z.string(),
  results_published_at: z.string().nullable(),
  /** True while scores may be given or changed. */
  is_open: z.boolean(),
});
export type JudgingWindow = z.infer<typeof judgingWindowSchema>;

/** `GET /api/contests/{id}/scores/`: every entry to judge, with the caller's own score only. */
export const judgingSheetSchema = judgingWindowSchema.extend({
  entries: z.array(
    z.object({
      entry_id: z.number(),
      version: z.number(),
      submitted_at: z.string(),
      video: judgedVideoSchema,
      my_score: ownScoreSchema.nullable(),
    }),
  ),
});
export type JudgingSheet = z.infer<typeof judgingSheetSchema>;

/**
 * `GET /api/contests/{id}/ranking/?page=` (staff): pages of `JUDGING_LIMITS.rankingPageSize`, like
 * the other staff lists (a page number out of bounds is 400, past the end an empty page).
 */
export const rankingQuerySchema = pageQuerySchema;
export type RankingQuery = z.infer<typeof rankingQuerySchema>;

/**
 * `GET /api/contests/{id}/ranking/` (staff): one page of the entries in ranking order (`count` of
 * them in all, `next`/`previous` page links as every list) with the contest's rubric and prize.
 */
export const rankingSchema = z.object({
  contest_id: z.number(),
  /**
   * The round ranked (issue 47): `GET /api/rounds/{id}/ranking/` ranks one round on its rubric;
   * the contest's ranking is its last round's.
   */
  round_id: z.number().optional(),
  rubric: z.array(rubricCriterionSchema),
  results_published_at: z.string().nullable(),
  currency: z.string(),
  /** The contest's headline prize in cents (a hint for the first place). */
  prize_cents: z.number(),
  /** Entries ranked in all. */
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  /** This page's entries; `rank` is absolute (the first of page 2 is 26). */
  entries: z.array(
    z.object({
      rank: z.number(),
      /** Same weighted average as the entry before or after it (the order then follows the tie rule). */
      tied: z.boolean(),
      entry_id: z.number(),
      creator_id: z.number(),
      creator_name: z.string(),
      creator_email: z.string(),
      version: z.number(),
      /** Null for an idea round's entry (issue 47): its `title` and `text` instead. */
      video: judgedVideoSchema.nullable(),
      /** The judged version's title (ideas, pitches) and text (ideas); null for a film. */
      title: z.string().nullable().optional(),
      text: z.string().nullable().optional(),
      /** Entered as a wildcard (issue 47). */
      wildcard: z.boolean().optional(),
      /** Already advanced into the next round (a round's ranking; issue 47). */
      advanced: z.boolean().optional(),
      /** 1–10 scale, 2 decimals; null when nobody scored it. */
      weighted_average: z.number().nullable(),
      judges: z.number(),
      /** Highest minus lowest judge's weighted score (1–10 scale); 0 with one judge. */
      spread: z.number(),
      criteria: z.array(z.object({ criterion: z.string(), average: z.number().nullable() })),
      place: z.number().nullable(),
      prize_cents: z.number().nullable(),
    }),
  ),
});
export type Ranking = z.infer<typeof rankingSchema>;

/** `POST /api/contests/{id}/results/` (staff): the final places and prizes. */
export const publishResultsBodySchema = z.object({
  places: z
    .array(
      z.object({
        entry_id: id,
        place: z.number().int().min(1).max(JUDGING_LIMITS.placesMax),
        prize_cents: z.number().int().min(0).max(JUDGING_LIMITS.prizeMaxCents),
      }),
    )
    .min(1)
    .max(JUDGING_LIMITS.placesMax),
});
export type PublishResultsBody = z.infer<typeof publishResultsBodySchema>;

/**
 * `POST /api/contests/{id}/results/corrections/` (staff): published places replaced, with the
 * reason; prize differences become ledger corrections (or new earnings).
 */
export const correctResultsBodySchema = publishResultsBodySchema.extend({
  reason: z.string().trim().min(1).max(JUDGING_LIMITS.reasonMax),
});
export type CorrectResultsBody = z.infer<typeof correctResultsBodySchema>;

export const winnerSchema = z.object({
  place: z.number(),
  /** Integer cents, in `currency` (ISO 4217). */
  prize_cents: z.number(),
  currency: z.string(),
  entry_id: z.number(),
  creator_id: z.number(),
  creator_name: z.string(),
  video: judgedVideoSchema,
});
export type Winner = z.infer<typeof winnerSchema>;

/**
 * `GET /api/contests/{id}/results/` (public once published; before that `published_at` is null and
 * nothing else is told).
 */
export const contestResultsSchema = z.object({
  contest_id: z.number(),
  contest_title: z.string(),
  published_at: z.string().nullable(),
  entries_count: z.number(),
  winners: z.array(winnerSchema),
});
export type ContestResults = z.infer<typeof contestResultsSchema>;

/** `GET /api/results/winners/`: the latest published winners, for the home page. */
export const recentWinnersSchema = z.object({
  results: z.array(winnerSchema.extend({ contest_id: z.number(), contest_title: z.string() })),
});
export type RecentWinners = z.infer<typeof recentWinnersSchema>;

/** `GET /api/entries/{id}/scorecard/` (the entrant, after publication). */
export const scorecardSchema = z.object({
  entry_id: z.number(),
  contest_id: z.number(),
  contest_title: z.string(),
  version: z.number(),
  video: judgedVideoSchema,
  published_at: z.string(),
  rank: z.number(),
  entries_count: z.number(),
  rank_band: z.enum(RANK_BANDS),
  rank_band_label: z.string(),
  place: z.number().nullable(),
  /** Integer cents, in `currency`; null without a prize. */
  prize_cents: z.number().nullable(),
  currency: z.string(),
  weighted_average: z.number().nullable(),
  judges: z.number(),
  criteria: z.array(z.object({ criterion: z.string(), weight: z.number(), average: z.number().nullable() })),
  /** Each judge's words, judges named "Judge 1", "Judge 2"… (the same number on every scorecard). */
  feedback: z.array(z.object({ judge: z.string(), feedback: z.string() })),
});
export type Scorecard = z.infer<typeof scorecardSchema>;
