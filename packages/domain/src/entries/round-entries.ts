import { z } from 'zod';
import { agreementShaField } from '../contests/agreement';

/**
 * Entering a round of a contest (issue 47): an idea round takes a title and text, a pitch round a
 * title and a video of up to 90 seconds, a film round a video checked against the brief (as
 * `POST /api/contests/{id}/entries/`).
 */

export const ROUND_ENTRY_LIMITS = {
  titleMax: 120,
  /** An idea's text, at most. */
  textMax: 2_000,
  /** A pitch video's length, at most (seconds). */
  pitchSecondsMax: 90,
} as const;

export const ROUND_ENTRY_MESSAGES = {
  roundClosed: 'This round is not open for entries: it takes them only between its opening and its close.',
  notAdvanced: 'This round is open only to creators advanced from the round before.',
  notEligible: 'You cannot enter this round: it is for the contest’s selected applicants.',
  notVerified: 'Verify your e-mail address to enter this round.',
  titleRequired: 'Give your entry a title.',
  textRequired: 'Describe your idea (up to 2,000 characters).',
  textTooLong: 'An idea takes at most 2,000 characters.',
  titleTooLong: 'A title takes at most 120 characters.',
  videoRequired: 'Choose the video to enter.',
  ideaHasNoVideo: 'An idea round takes a title and text, not a video.',
  pitchTooLong: 'A pitch video may last at most 90 seconds.',
  noOpenFilmRound: 'This contest has no film round open for entries.',
} as const;

/** Error codes of round entries (`ERROR_CODES`). */
export const ROUND_ENTRY_ERROR_CODES = {
  roundClosed: 'round_closed',
  notAdvanced: 'not_advanced',
} as const;

/**
 * `POST /api/rounds/{id}/entries/`: `{title, text}` for an idea, `{title, video_id}` for a pitch,
 * `{video_id}` for a film (its title is the video's); `confirm_warnings` and `agreement_sha256` as
 * a contest entry. Which fields a round's kind needs is checked by the service (400 field errors).
 */
export const submitRoundEntryBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, ROUND_ENTRY_MESSAGES.titleRequired)
    .max(ROUND_ENTRY_LIMITS.titleMax, ROUND_ENTRY_MESSAGES.titleTooLong)
    .optional(),
  text: z
    .string()
    .trim()
    .min(1, ROUND_ENTRY_MESSAGES.textRequired)
    .max(ROUND_ENTRY_LIMITS.textMax, ROUND_ENTRY_MESSAGES.textTooLong)
    .optional(),
  video_id: z.number().int().positive().max(2_147_483_647).optional(),
  confirm_warnings: z.boolean().optional(),
  ...agreementShaField,
});
export type SubmitRoundEntryBody = z.infer<typeof submitRoundEntryBodySchema>;

/** What a round's kind asks of an entry, as field errors (empty: the body fits). */
export function roundEntryIssues(
  kind: 'idea' | 'pitch' | 'film',
  body: Pick<SubmitRoundEntryBody, 'title' | 'text' | 'video_id'>,
): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  if (kind !== 'film' && !body.title) issues.title = [ROUND_ENTRY_MESSAGES.titleRequired];
  if (kind === 'idea') {
    if (!body.text) issues.text = [ROUND_ENTRY_MESSAGES.textRequired];
    if (body.video_id !== undefined) issues.video_id = [ROUND_ENTRY_MESSAGES.ideaHasNoVideo];
  } else if (body.video_id === undefined) issues.video_id = [ROUND_ENTRY_MESSAGES.videoRequired];
  return issues;
}

export const roundIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type RoundIdParams = z.infer<typeof roundIdParamsSchema>;
