/**
 * Reasons staff pick most often when rejecting a video. The chosen one fills the reason field,
 * which staff can edit; the text the creator reads is always the text sent.
 */
export const REJECT_REASON_PRESETS = [
  "The video does not follow the contest's brief (format, length or required features).",
  'The picture or sound quality is too low to publish.',
  'The video uses music, footage or logos without the rights to them.',
  'The video contains content that is not allowed on the platform.',
] as const;

/** The longest reason accepted (the creator reads it on the dashboard and in an e-mail). */
export const REJECT_REASON_MAX = 500;
