import { z } from 'zod';
import { MESSAGES } from '../messages';
import { LIMITS, ROLES } from '../limits';
import { isValidEmail, isValidPhone, passwordProblems } from '../rules';
import { shippingAddressSchema } from '../common/address';
import { apiErrorBodySchema } from '../errors';

/**
 * Longest values the accounts API accepts; anything longer is refused before any rule runs. The
 * spec words no limit for these, so they are generous.
 */
export const ACCOUNT_INPUT_LIMITS = {
  email: 320,
  password: 1000,
  /** Free text of the sign-up and reset forms (checked field by field by the service). */
  text: 1000,
  refreshToken: 2000,
  googleIdToken: 8000,
  googleNonce: 128,
  linkUid: 64,
  linkToken: 128,
} as const;

const requiredText = (max: number) =>
  z.string({ error: MESSAGES.registration.required }).min(1, MESSAGES.registration.required).max(max);
const optionalText = z.string().max(ACCOUNT_INPUT_LIMITS.text).optional();
const roleSchema = z.enum(ROLES);

// Forms of the web app (react-hook-form resolvers). Their bounds match the API's.

/** Sign up form (spec §5): all three required, passwords must match. */
export const signupFormSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, MESSAGES.registration.required)
      .max(ACCOUNT_INPUT_LIMITS.email)
      .email(MESSAGES.registration.invalidEmail),
    password: z.string().min(1, MESSAGES.registration.required).max(ACCOUNT_INPUT_LIMITS.password),
    confirm_password: z.string().min(1, MESSAGES.registration.required).max(ACCOUNT_INPUT_LIMITS.password),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

export const loginFormSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.registration.required).max(ACCOUNT_INPUT_LIMITS.email),
  password: z.string().min(1, MESSAGES.registration.required).max(ACCOUNT_INPUT_LIMITS.password),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Reset password form (spec §5): match, and at least LIMITS.passwordMinLength (12) characters. */
export const resetPasswordFormSchema = z
  .object({
    new_password1: z
      .string()
      .min(LIMITS.passwordMinLength, MESSAGES.password.tooShort)
      .max(ACCOUNT_INPUT_LIMITS.password),
    new_password2: z.string().max(ACCOUNT_INPUT_LIMITS.password),
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['new_password2'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const emailOnlySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.registration.required)
    .max(ACCOUNT_INPUT_LIMITS.email)
    .email(MESSAGES.registration.invalidEmail),
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
  googleNotForStaffOrBrand:
    'This e-mail belongs to a staff or brand account, which cannot sign in with Google. Sign in with your password.',
  badOrigin: 'This request must come from the site itself.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  currentPasswordWrong: 'Your current password is incorrect.',
  noPasswordYet:
    'Your account signs in with Google only. Set a password with Forgot password, then change it here.',
} as const;

// Requests (spec §7). Field rules are checked by the service, which words them as the spec's
// message extraction reads (`{field: [message]}`); the schemas only bound the input.

/** Longest `next` path a sign-up carries to its verification link. */
export const NEXT_PATH_MAX = 200;

/**
 * A same-site path to return to (`/contests/1/vote`): starts with one `/`, no scheme, no host, no
 * backslash or control character; anything else is undefined (never an open redirect).
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > NEXT_PATH_MAX) return undefined;
  return /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%]*$/.test(value) ? value : undefined;
}

/**
 * `POST /api/accounts/auth/register/`. The requested role is accepted and ignored; `account_type`
 * `voter` (issue 50) makes a voter (no creator profile) instead of a creator, and `next` (a same-site
 * path) is where the verification page returns.
 */
export const registerBodySchema = z.object({
  email: optionalText,
  password: optionalText,
  confirm_password: optionalText,
  role: z.unknown().optional(),
  phone_number: optionalText,
  account_type: z.enum(['creator', 'voter']).optional(),
  next: z
    .string()
    .max(NEXT_PATH_MAX)
    .refine((value) => safeNextPath(value) !== undefined, 'Not a path of this site.')
    .optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** `POST /api/accounts/auth/password/change/` (signed in): the current password and the new one twice. */
export const passwordChangeBodySchema = z.object({
  current_password: z.string().max(ACCOUNT_INPUT_LIMITS.password).default(''),
  new_password1: z.string().max(ACCOUNT_INPUT_LIMITS.password).default(''),
  new_password2: z.string().max(ACCOUNT_INPUT_LIMITS.password).default(''),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** The change-password screen: the same fields, the new ones checked as on reset. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, MESSAGES.registration.required).max(ACCOUNT_INPUT_LIMITS.password),
    new_password1: z
      .string()
      .min(LIMITS.passwordMinLength, MESSAGES.password.tooShort)
      .max(ACCOUNT_INPUT_LIMITS.password),
    new_password2: z.string().max(ACCOUNT_INPUT_LIMITS.password),
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    message: MESSAGES.registration.passwordsDoNotMatch,
    path: ['new_password2'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** `POST /api/accounts/auth/login/`. */
export const loginBodySchema = z.object({
  email: requiredText(ACCOUNT_INPUT_LIMITS.email),
  password: requiredText(ACCOUNT_INPUT_LIMITS.password),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `POST /api/token/refresh/` and `POST /api/accounts/auth/logout/`. */
export const refreshTokenBodySchema = z.object({ refresh: requiredText(ACCOUNT_INPUT_LIMITS.refreshToken) });
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;

/** `POST /token/refresh/`: the token in the body (spec §7), or none when the cookie carries it. */
export const refreshBodySchema = z.object({
  refresh: z.string().max(ACCOUNT_INPUT_LIMITS.refreshToken).optional(),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** `POST /api/accounts/auth/resend-verification/` and `POST /api/accounts/auth/password/reset/`. */
export const emailBodySchema = z.object({ email: requiredText(ACCOUNT_INPUT_LIMITS.email) });
export type EmailBody = z.infer<typeof emailBodySchema>;

/** `POST /api/accounts/auth/google/`: the credential of Google Identity Services. */
export const googleLoginBodySchema = z.object({
  id_token: requiredText(ACCOUNT_INPUT_LIMITS.googleIdToken),
  /**
   * The nonce from `POST /api/accounts/auth/google/nonce/` that the client gave Google's button; the
   * ID token must carry it (issue 18 L9). Required: a token without it is refused.
   */
  nonce: z.string().max(ACCOUNT_INPUT_LIMITS.googleNonce).optional(),
});
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

/** `POST /api/accounts/auth/google/nonce/`: a single-use nonce, valid 10 minutes. */
export const googleNonceResponseSchema = z.object({ nonce: z.string() });
export type GoogleNonceResponse = z.infer<typeof googleNonceResponseSchema>;

/** `GET /api/accounts/auth/verify_email/{uid}/{token}/`. */
export const verifyEmailParamsSchema = z.object({
  uid: z.string().max(ACCOUNT_INPUT_LIMITS.linkUid),
  token: z.string().max(ACCOUNT_INPUT_LIMITS.linkToken),
});
export type VerifyEmailParams = z.infer<typeof verifyEmailParamsSchema>;

/** `GET|POST /api/accounts/auth/password/reset/confirm/{uidb64}/{token}/`. */
export const passwordResetParamsSchema = z.object({
  uidb64: z.string().max(ACCOUNT_INPUT_LIMITS.linkUid),
  token: z.string().max(ACCOUNT_INPUT_LIMITS.linkToken),
});
export type PasswordResetParams = z.infer<typeof passwordResetParamsSchema>;

/** `POST /api/accounts/auth/password/reset/confirm/{uidb64}/{token}/`. */
export const passwordResetConfirmBodySchema = z.object({
  new_password1: optionalText,
  new_password2: optionalText,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

// Responses.

/** The `{detail}` answer of most account operations. */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

/** `POST /api/accounts/auth/register/`: the detail and the (normalised) address the link went to. */
export const registerResponseSchema = detailResponseSchema.extend({ email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `POST /api/accounts/auth/resend-verification/`. */
export const resendVerificationResponseSchema = z.object({ message: z.string() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

/** An access token and its refresh token (`POST /api/token/refresh/`). */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** The fields every user object starts with (spec §3 User and Current user). */
const userIdentitySchema = z.object({
  id: z.number(),
  email: z.string(),
  role: roleSchema,
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
});

/** The user object returned by sign-in (spec §3 User). */
export const accountUserSchema = userIdentitySchema.extend({
  brand_profile: z.object({ company_name: z.string(), company_logo: z.string() }).nullable(),
  creator_profile: z
    .object({
      profile_picture: z.string().nullable(),
      bio: z.string(),
      country: z.string(),
      experience_level: z.string().nullable(),
      address: z.string(),
      portfolio_url: z.string(),
      social_media_links: z.record(z.string(), z.string()),
    })
    .nullable(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** `POST /api/accounts/auth/login/` on success. */
export const loginResponseSchema = tokenPairSchema.extend({ user: accountUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /api/accounts/auth/login/` (HTTP 403) for an account whose e-mail is not verified yet. */
export const requireVerificationResponseSchema = z.object({
  require_verification: z.literal(true),
  detail: z.string(),
  code: z.literal('forbidden'),
});
export type RequireVerificationResponse = z.infer<typeof requireVerificationResponseSchema>;

/**
 * `POST /api/accounts/auth/login/` answers 403 either to ask for verification or, for an account
 * staff deactivated, with the error shape (`code: 'account_deactivated'`).
 */
export const loginForbiddenResponseSchema = z.union([requireVerificationResponseSchema, apiErrorBodySchema]);
export type LoginForbiddenResponse = z.infer<typeof loginForbiddenResponseSchema>;

/** `POST /api/accounts/auth/google/`: the spec reads `token`; `access` is the same token. */
export const googleLoginResponseSchema = loginResponseSchema.extend({ token: z.string() });
export type GoogleLoginResponse = z.infer<typeof googleLoginResponseSchema>;

/** `GET /api/accounts/me/` (spec §3 Current user). */
export const currentUserResponseSchema = userIdentitySchema.extend({
  profile: z.object({
    phoneNumber: z.string(),
    bio: z.string(),
    youtube_url: z.string(),
    instagram_url: z.string(),
    portfolio_url: z.string(),
    shipping_address: shippingAddressSchema,
  }),
});
export type CurrentUser = z.infer<typeof currentUserResponseSchema>;

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
