import { z } from 'zod';
import { MESSAGES } from '@app/domain';

const required = () =>
  z.string({ error: MESSAGES.registration.required }).min(1, MESSAGES.registration.required);
const optionalText = z.string().max(1000).optional();

/** Field checks happen in the service, which words them as the spec's message extraction reads. */
export const registerBody = z.object({
  email: optionalText,
  password: optionalText,
  confirm_password: optionalText,
  role: z.unknown().optional(),
  phone_number: optionalText,
});

export const loginBody = z.object({ email: required().max(320), password: required().max(1000) });
export const refreshBody = z.object({ refresh: required().max(2000) });
export const emailBody = z.object({ email: required().max(320) });
export const googleBody = z.object({ id_token: required().max(8000) });
export const resetConfirmBody = z.object({ new_password1: optionalText, new_password2: optionalText });
export const verifyParams = z.object({ uid: z.string().max(64), token: z.string().max(128) });
export const resetParams = z.object({ uidb64: z.string().max(64), token: z.string().max(128) });

export const detailResponse = z.object({ detail: z.string() });
export const tokenPairResponse = z.object({ access: z.string(), refresh: z.string() });

export const accountUserResponse = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(['creator', 'brand', 'staff']),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
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

export const loginResponse = tokenPairResponse.extend({ user: accountUserResponse });
export const googleLoginResponse = loginResponse.extend({ token: z.string() });
export const requireVerificationResponse = z.object({
  require_verification: z.literal(true),
  detail: z.string(),
  code: z.string(),
});

export const currentUserResponse = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(['creator', 'brand', 'staff']),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  profile: z.object({
    phoneNumber: z.string(),
    bio: z.string(),
    youtube_url: z.string(),
    instagram_url: z.string(),
    portfolio_url: z.string(),
    shipping_address: z.object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      state: z.string(),
      postal: z.string(),
      country: z.string(),
    }),
  }),
});
