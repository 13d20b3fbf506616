/** The `code` of every API error (errors.ts has the error body's shape), with its HTTP status. */
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
  /** A prize payout before the winner's releases are approved and payee details exist (issue 31). */
  paperwork_incomplete: 409,
  /** Apply or submit with an `agreement_sha256` that is not the contest's current agreement. */
  agreement_changed: 409,
  /** A team change that would leave a brand without an owner (issue 49). */
  last_owner: 409,
  /** Placing an entry in the results whose judged version lacks the approvals its contest asks (issue 49). */
  approval_missing: 409,
  /** Saving a contest's rounds without a round that has entries (issue 47). */
  round_has_entries: 409,
  /** Entering a round outside its window (issue 47). */
  round_closed: 409,
  /** Entering a round that takes advanced creators only, without having advanced (issue 47). */
  not_advanced: 403,
  /** Advancing from a round before it closed, with no round after it, or an entry a second time. */
  round_not_closed: 409,
  no_next_round: 409,
  already_advanced: 409,
  /** The audience award (issue 50): a vote from an account whose e-mail is not verified. */
  unverified: 403,
  /** A second vote for the same finalist (votes are final). */
  already_voted: 409,
  /** A vote beyond the contest's votes per voter. */
  vote_limit: 409,
  /** A vote outside the voting window; an award before the close. */
  voting_closed: 409,
  /** A vote for an entry that is not a finalist. */
  not_a_finalist: 409,
  /** A change of the finalists or of the votes per voter after voting opened. */
  voting_started: 409,
  /** The audience award was already confirmed. */
  already_awarded: 409,
  invitation_used: 410,
  invitation_expired: 410,
  invitation_revoked: 410,
  /** Deleting a video that is a version of a contest entry (kept with the entry). */
  video_entered: 409,
  /** A contest entry's video fails a hard rule of the brief (issue 15): the answer carries `checks`. */
  brief_not_met: 422,
  /** A contest entry's video is outside a soft rule: submit again with `confirm_warnings`. */
  warnings_not_confirmed: 422,
  /** A contest entry's video fails a check of its technical check that the contest blocks on (issue 51): the answer carries `checks`. */
  qc_failed: 422,
  /** The contest blocks on technical checks and the video's check has not run yet: try again shortly. */
  qc_pending: 422,
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

/**
 * Text written by a validator or a runtime for programmers, not for people: zod's own messages
 * (`Invalid option: expected one of …`, `Too big: expected …`, `Invalid input: expected …`),
 * a serialised list of issues, or a stack trace. The server never puts such text in an error's
 * `detail`, and the web never shows it (it shows a sentence of MESSAGES.generic instead).
 * Our own messages (the spec's, e.g. 'Invalid contest application', and MESSAGES.generic's
 * 'Invalid input.') are not matched.
 */
export function isValidatorWording(text: string): boolean {
  return VALIDATOR_WORDING.some((pattern) => pattern.test(text));
}

const VALIDATOR_WORDING = [
  /^Invalid input(: |$)/,
  /^Invalid option: expected/,
  /^Too (big|small): expected/,
  /^Invalid (string|number): must/,
  /^Unrecognized keys?: /,
  /^Invalid (key|value|element) in /,
  /^Invalid discriminator value/,
  /^Invalid (email address|URL|UUID|ISO (datetime|date|time|duration)|IPv[46] address|base64-encoded string|JSON string|E\.164 number)$/,
  // Serialised issues or objects (`[{"code":"invalid_value", …`), and issue paths.
  /^\s*[[{]\s*["{]/,
  /"(code|path)"\s*:/,
  // Stack traces.
  /\bat (Object|Function|async|new) [\w$.<>]/,
  /\n\s+at \S/,
  /^\w*Error: /,
];
