/**
 * User-facing messages of spec §5 and §8, word for word.
 * Forms and routes import them from here so the client and the server say the same thing.
 */
import { DASHBOARD_MESSAGES, GENERIC_MESSAGES } from './request-messages';

export const MESSAGES = {
  login: {
    incorrect: 'Incorrect email or password. Please try again.',
    fallback: 'An error occurred during login',
    requireVerification: 'Please verify your email address before logging in.',
  },
  registration: {
    unknown: 'An unknown error occurred during registration request.',
    screenFallback: 'An error occurred during registration.',
    success: 'Account created successfully! Please log in to continue!',
    passwordsDoNotMatch: 'Passwords do not match',
    emailTaken: 'A user with this email already exists.',
    required: 'This field is required.',
    invalidEmail: 'Enter a valid email address.',
  },
  password: {
    tooShort: 'Password must be at least 12 characters long',
    entirelyNumeric: 'This password is entirely numeric.',
    tooLong: 'Ensure this field has no more than 128 characters.',
    tooCommon: 'This password is too common.',
    tooSimilar: 'The password is too similar to the email.',
  },
  google: {
    unknown: 'An unknown error occurred during Google sign-in.',
    noData: 'No user data or token received from the server.',
    failed: 'Failed to sign in with google. Please try again.',
    loginFailed: 'Google login failed. Please try again.',
    notConfigured: 'Google sign-in is not configured on this server.',
  },
  verification: {
    missingParams: 'Invalid verification link. Missing UID or Token.',
    invalidOrExpired: 'The email verification link is invalid or has expired.',
    alreadyVerified: 'Your email is already verified. You can now log in.',
    unexpectedResponse: 'Email verification failed with an unexpected response.',
    unexpectedError:
      'An unexpected error occurred during email verification. Please try again or contact support.',
    success: 'Your email has been successfully verified! You can now log in.',
  },
  resend: {
    failure: 'An error occurred. Please try again.',
    sent: 'If an unverified account exists with this email, a new verification link has been sent.',
  },
  forgot: {
    success: 'If an account exists with this email, a password reset link has been sent.',
    failure: 'An error occurred. Please try again.',
  },
  reset: {
    failure: 'Failed to reset password. The link may have expired or is invalid.',
    success: 'Password Reset Successful!',
    invalidLink: 'Invalid or Expired Link',
  },
  upload: {
    invalidType: 'Please upload a valid video file (MP4, WebM, or QuickTime)',
    tooLarge: 'File size must be less than 500MB',
    noFile: 'Please select a video file',
    noTitle: 'Please enter a title for your video',
    failed: 'Failed to upload video. Please try again.',
    success: 'Video uploaded successfully!',
  },
  dashboard: DASHBOARD_MESSAGES,
  profile: {
    invalidPhone: 'Please enter a valid phone number',
    invalidEmail: 'Please enter a valid email address',
    bioTooLong: 'Bio must be at most 500 characters',
  },
  library: {
    loadFailed: 'Failed to load videos',
    searchFailed: 'Failed to search videos',
    unknownCreator: 'Unknown Creator',
    noVideos: 'No videos found',
    adjustSearch: 'Try adjusting your search terms',
  },
  contests: {
    loadFailed: 'Failed to load contests',
    noneActive: 'No active contests at the moment',
  },
  application: {
    termsRequired: 'Terms must be accepted',
    invalidContest: 'Invalid contest application',
    failed: 'Failed to apply to contest',
    network: 'Network error while applying to contest',
    submitFailed: 'Failed to submit application',
    success: 'Application submitted successfully!',
    alreadyApplied: 'You have already applied to this contest.',
    outOfStock: 'This chair has already been picked. Please choose another one.',
    contestClosed: 'This contest is not accepting applications.',
    urlHint: 'Please enter a valid url',
    invalidName: 'Please enter a valid name',
  },
  generic: GENERIC_MESSAGES,
} as const;

/** '{field} is required' with underscores replaced by spaces (spec §5). */
export function requiredMessage(field: string): string {
  return `${field.replace(/_/g, ' ')} is required`;
}

/** Messages of the upload quotas (UPLOAD_QUOTAS in limits.ts). */
export const UPLOAD_QUOTA_MESSAGES = {
  storage: (limitGb: number) =>
    `You have used your ${limitGb} GB of video storage. Delete a video you no longer need to upload another.`,
  perDay: (limit: number) => `You can upload at most ${limit} videos a day. Please try again tomorrow.`,
  concurrent: (limit: number) =>
    `You already have ${limit} uploads under way. Let one finish (or cancel it) before starting another.`,
  processing: (limit: number) =>
    `${limit} of your videos are still being processed. Please wait until some are ready before uploading more.`,
  disk: 'The server is short of storage space right now and cannot take your upload. Please try again later.',
} as const;
