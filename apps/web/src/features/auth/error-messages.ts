import { MESSAGES } from '@app/domain';
import { ApiError } from '../../lib/api-client';

/**
 * spec §8 Login: a refused sign-in (the server's `not_authenticated`, however it is worded) reads
 * as the one credentials message; other errors as the server words them.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.login.fallback;
  if (error.code === 'not_authenticated' || error.status === 401) return MESSAGES.login.incorrect;
  return error.detail || MESSAGES.login.fallback;
}

/** True when the login answer says the e-mail is not verified yet. */
export function needsVerification(error: unknown): boolean {
  return error instanceof ApiError && error.body.require_verification === true;
}

/** spec §8 Registration: first e-mail error, else first password error, else detail, else the unknown text. */
export function registrationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.registration.screenFallback;
  const fields = error.fieldErrors();
  return fields.email?.[0] ?? fields.password?.[0] ?? (error.detail || MESSAGES.registration.unknown);
}

export type VerificationState = 'verifying' | 'success' | 'error' | 'already_verified';

/** spec §8 Email verification: the state and message for a failed verification call. */
export function verificationFailure(error: unknown): { state: VerificationState; message: string } {
  if (!(error instanceof ApiError) || error.status === 0)
    return { state: 'error', message: MESSAGES.verification.unexpectedError };
  if (error.code === 'already_verified')
    return { state: 'already_verified', message: MESSAGES.verification.alreadyVerified };
  if (error.status === 400)
    return { state: 'error', message: error.detail || MESSAGES.verification.invalidOrExpired };
  return { state: 'error', message: MESSAGES.verification.unexpectedResponse };
}

/** spec §8 Resend: the server's error, else the generic failure. */
export function resendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fromBody = typeof error.body.error === 'string' ? error.body.error : error.fieldErrors().email?.[0];
    return fromBody ?? (error.detail || MESSAGES.resend.failure);
  }
  return MESSAGES.resend.failure;
}

/** spec §8 Forgot password: the error, or the generic failure. */
export function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.fieldErrors().email?.[0] ?? (error.detail || MESSAGES.forgot.failure);
  return MESSAGES.forgot.failure;
}
