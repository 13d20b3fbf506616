/** Bounds of the staff console's API. */
export const STAFF_LIMITS = {
  /** Rows per page of every staff list. */
  pageSize: 20,
  /** Longest rejection reason (shown to the video's owner). */
  reviewReasonMax: 500,
  /** Most videos decided by one bulk request. */
  bulkMax: 100,
  /** Longest free-text filter (an e-mail, a name, an action). */
  filterMax: 254,
} as const;

/** Messages of the staff console's API that the spec does not word. */
export const STAFF_MESSAGES = {
  staffOnly: 'Only the platform team can do this.',
  alreadyDecided: 'Another staff member has already decided on this video; the first decision stands.',
  reasonRequired: 'Give a reason: the creator will read it.',
  reasonTooLong: `Ensure the reason has no more than ${STAFF_LIMITS.reviewReasonMax} characters.`,
  brandRequired: 'Choose the brand this user belongs to.',
  brandUnknown: 'There is no brand with this id.',
  staffNoBrand: 'Staff accounts do not belong to a brand.',
  staffNoBrandRole: 'Staff accounts have no role in a brand’s team.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastActiveStaff: 'This is the last active staff account: invite another staff member first.',
  deactivated: 'This account has been deactivated. Contact the platform team.',
} as const;

/** Preset rejection reasons the console offers beside free text. */
export const REJECTION_REASONS = [
  'The video does not meet the contest requirements.',
  'The video quality is too low (blurry, dark or unstable).',
  'The video contains content that is not allowed.',
  'The video does not feature the product.',
] as const;
