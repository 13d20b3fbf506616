import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@app/domain';
import { ApiError } from '../../../lib/api-client';
import { loginErrorMessage, registrationErrorMessage, verificationFailure } from '../error-messages';
import { afterLoginPath } from '../redirect';

describe('spec §8 message extraction', () => {
  it('login: a refused sign-in reads as one message whatever its wording; others as given; fallback', () => {
    const refused = { detail: 'anything', code: 'not_authenticated' };
    expect(loginErrorMessage(new ApiError(401, 'anything', refused))).toBe(MESSAGES.login.incorrect);
    expect(loginErrorMessage(new ApiError(401, ''))).toBe(MESSAGES.login.incorrect);
    expect(
      loginErrorMessage(new ApiError(400, 'Enter a valid password.', { detail: '', code: 'validation' })),
    ).toBe('Enter a valid password.');
    expect(loginErrorMessage(new ApiError(429, MESSAGES.generic.rateLimited))).toBe(
      MESSAGES.generic.rateLimited,
    );
    expect(loginErrorMessage(new Error('boom'))).toBe(MESSAGES.login.fallback);
  });

  it('registration: first e-mail error, else first password error, else detail, else unknown', () => {
    const both = new ApiError(400, 'x', { email: ['E1', 'E2'], password: ['P1'] });
    expect(registrationErrorMessage(both)).toBe('E1');
    expect(registrationErrorMessage(new ApiError(400, 'x', { password: ['P1'] }))).toBe('P1');
    expect(registrationErrorMessage(new ApiError(400, 'Only detail'))).toBe('Only detail');
    expect(registrationErrorMessage(new ApiError(400, ''))).toBe(MESSAGES.registration.unknown);
    expect(registrationErrorMessage(new Error('x'))).toBe(MESSAGES.registration.screenFallback);
  });

  it('verification: already verified (by its code), 400 detail, other status, network', () => {
    const alreadyVerified = { detail: ACCOUNT_MESSAGES.alreadyVerified, code: 'already_verified' };
    expect(verificationFailure(new ApiError(400, alreadyVerified.detail, alreadyVerified))).toEqual({
      state: 'already_verified',
      message: MESSAGES.verification.alreadyVerified,
    });
    // The wording alone decides nothing.
    expect(verificationFailure(new ApiError(400, 'Account already active', { code: 'bad_request' }))).toEqual(
      { state: 'error', message: 'Account already active' },
    );
    expect(verificationFailure(new ApiError(400, ''))).toEqual({
      state: 'error',
      message: MESSAGES.verification.invalidOrExpired,
    });
    expect(verificationFailure(new ApiError(500, 'x')).message).toBe(
      MESSAGES.verification.unexpectedResponse,
    );
    expect(verificationFailure(new ApiError(0, 'x')).message).toBe(MESSAGES.verification.unexpectedError);
  });

  it('after sign-in: the remembered origin, else the role dashboard; never off-site', () => {
    expect(afterLoginPath('/contests/1/apply', 'creator')).toBe('/contests/1/apply');
    expect(afterLoginPath(undefined, 'creator')).toBe('/creator-dashboard');
    expect(afterLoginPath(undefined, 'brand')).toBe('/brand-dashboard');
    expect(afterLoginPath('//evil.example.com', 'creator')).toBe('/creator-dashboard');
    expect(afterLoginPath('https://evil.example.com', 'creator')).toBe('/creator-dashboard');
    expect(afterLoginPath('/logout', 'creator')).toBe('/creator-dashboard');
  });
});
