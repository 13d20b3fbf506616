import { z } from 'zod';

/**
 * The one JSON error shape every API error uses:
 * `{ detail, code, ...fieldErrors }` where field errors are `{ field: [message] }` (Django REST style,
 * which the spec's message extraction reads).
 */
export const apiErrorBodySchema = z.object({ detail: z.string(), code: z.string() }).loose();
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const ERROR_CODES = {
  validation: 400,
  bad_request: 400,
  /** An e-mail verification link for an address that is already verified (spec §8). */
  already_verified: 400,
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  /** Staff deactivated the account: it cannot sign in. */
  account_deactivated: 403,
  conflict: 409,
  /** A review decision on a video that was already decided (another staff member was first). */
  already_decided: 409,
  /** An invitation link that was already used, or has expired. */
  /** Scores outside the judging window, or after the results were published. */
  judging_closed: 409,
  /** Results were already published (final except through a correction). */
  results_published: 409,
  /** A scorecard or public results before publication. */
  results_not_published: 409,
  /** A payout for an earning that was already paid. */
  already_paid: 409,
  invitation_used: 410,
  invitation_expired: 410,
  invitation_revoked: 410,
  /** Deleting a video that is a version of a contest entry (kept with the entry). */
  video_entered: 409,
  /** A contest entry's video fails a hard rule of the brief (issue 15): the answer carries `checks`. */
  brief_not_met: 422,
  /** A contest entry's video is outside a soft rule: submit again with `confirm_warnings`. */
  warnings_not_confirmed: 422,
  /** The contest's submission deadline has passed. */
  submissions_closed: 403,
  /** The creator is not selected for the contest. */
  not_selected: 403,
  payload_too_large: 413,
  /** The creator's stored videos reached UPLOAD_QUOTAS.maxStoredBytes. */
  storage_quota_exceeded: 413,
  /** Too many uploads today, at once, or waiting for processing (UPLOAD_QUOTAS). */
  upload_limit: 429,
  /** The server's disk is too full to take the upload. */
  insufficient_storage: 507,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
