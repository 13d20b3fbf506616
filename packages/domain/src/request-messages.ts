/**
 * The answers of every request, whatever the page (the web app's API client shows them). Part of
 * MESSAGES (messages.ts), in a file of their own so that the web app's entry carries these and not
 * every message: a module goes whole into a chunk (the JavaScript budget of `/`).
 */
export const GENERIC_MESSAGES = {
  notAuthenticated: 'Authentication credentials were not provided.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Server error. Please try again later.',
  invalidInput: 'Invalid input.',
  /** A value the database cannot store as text (a NUL character, an invalid escape). */
  invalidCharacters: 'The request contains characters that are not allowed.',
  /** A multipart body cut short or without its boundary. */
  malformedBody: 'The request body is incomplete or malformed. Please try again.',
  /** A query string or path the validator refused (its own wording is never shown). */
  requestNotAccepted: 'Something in this request was not accepted. Please check the filters and try again.',
  /** A request body the validator refused with its own wording. */
  inputNotAccepted: 'Something you entered was not accepted. Please check it and try again.',
  /** A field the validator refused with its own wording. */
  fieldNotAccepted: 'This value is not accepted.',
};

/** The dashboard's messages, with the session, server and network errors every page shows. */
export const DASHBOARD_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  serverError: 'Server error. Please try again later.',
  networkError: 'Network error. Please check your connection.',
  unexpected: 'An unexpected error occurred. Please try again.',
  loadDashboardFailed: 'Failed to load dashboard data',
  loadVideosFailed: 'Failed to load your videos',
  loadProfileFailed: 'Failed to load profile data',
  updateProfileFailed: 'Failed to update profile. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  completeProfile: 'Please complete your profile',
  loginToApply: 'Please log in to continue with your application',
};
