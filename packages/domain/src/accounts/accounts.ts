import { z } from 'zod';
import { MESSAGES } from '../messages';
import { LIMITS, type Role } from '../limits';
import { isValidEmail, isValidPhone, passwordProblems } from '../rules';

/** Sign up form (spec §5): all three required, passwords must match. */
export const signupFormSchema = z
  .object({
    email: z.string().trim().min(1, MESSAGES.registration.required).email(MESSAGES.registration.invalidEmail),
    password: z.string().min(1, MESSAGES.registration.required),
    confirm_password: z.string().min(1, MESSAGES.registration.required),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.registration.required),
  password: z.string().min(1, MESSAGES.registration.required),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Reset password form (spec §5): match, and at least 8 characters. */
export const resetPasswordFormSchema = z
  .object({
    new_password1: z.string().min(LIMITS.passwordMinLength, MESSAGES.password.tooShort),
    new_password2: z.string(),
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['new_password2'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const emailOnlySchema = z.object({
  email: z.string().trim().min(1, MESSAGES.registration.required).email(MESSAGES.registration.invalidEmail),
});

/** Messages of the accounts API that the spec does not word (kept here so both sides agree). */
export const ACCOUNT_MESSAGES = {
  registered: 'Account created. Check your e-mail for a verification link.',
  verified: 'Your email has been verified.',
  alreadyVerified: 'This email is already verified.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetLinkValid: 'This link is valid. Choose a new password.',
  loggedOut: 'Signed out.',
  invalidRefresh: 'Token is invalid or expired',
  googleEmailUnverified: 'Your Google account e-mail is not verified.',
  googleInvalidToken: 'The Google sign-in token is invalid or has expired.',
} as const;

/** The user object returned by sign-in (spec §3 User). */
export type AccountUser = {
  id: number;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone_number: string;
  brand_profile: { company_name: string; company_logo: string } | null;
  creator_profile: {
    profile_picture: string | null;
    bio: string;
    country: string;
    experience_level: string | null;
    address: string;
    portfolio_url: string;
    social_media_links: Record<string, string>;
  } | null;
};

/** `POST /api/accounts/auth/login/` on success. */
export interface LoginResponse {
  access: string;
  refresh: string;
  user: AccountUser;
}

/** `POST /api/accounts/auth/login/` for an account whose e-mail is not verified yet. */
export interface RequireVerificationResponse {
  require_verification: true;
  detail: string;
}

/** `POST /api/accounts/auth/google/`: the spec reads `token`; `access` is the same token. */
export interface GoogleLoginResponse extends LoginResponse {
  token: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** `GET /api/accounts/me/` (spec §3 Current user). */
export interface CurrentUser {
  id: number;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone_number: string;
  profile: {
    phoneNumber: string;
    bio: string;
    youtube_url: string;
    instagram_url: string;
    portfolio_url: string;
    shipping_address: {
      line1: string;
      line2: string;
      city: string;
      state: string;
      postal: string;
      country: string;
    };
  };
}

/**
 * Field errors of a registration request in the `{field: [message]}` shape the spec's message
 * extraction reads (first e-mail error, else first password error). The server adds the
 * common-password check and the taken-address check.
 */
export function registrationErrors(input: {
  email?: string;
  password?: string;
  confirm_password?: string;
  phone_number?: string;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const email = (input.email ?? '').trim();
  if (!email) errors.email = [MESSAGES.registration.required];
  else if (!isValidEmail(email)) errors.email = [MESSAGES.registration.invalidEmail];
  const password = input.password ?? '';
  if (!password) errors.password = [MESSAGES.registration.required];
  else {
    const problems = passwordProblems(password, email || undefined);
    if (problems.length) errors.password = problems;
  }
  if (!input.confirm_password) errors.confirm_password = [MESSAGES.registration.required];
  else if (password && input.confirm_password !== password)
    errors.confirm_password = [MESSAGES.registration.passwordsDoNotMatch];
  const phone = (input.phone_number ?? '').trim();
  if (phone && !isValidPhone(phone)) errors.phone_number = [MESSAGES.profile.invalidPhone];
  return errors;
}
