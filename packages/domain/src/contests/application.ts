import { z } from 'zod';
import { LIMITS } from '../limits';
import { isBlank, isValidEmail, isValidPersonName } from '../rules';
import { MESSAGES } from '../messages';
import { boundedString } from '../common/text';
import { agreementShaField } from './agreement';
import { shippingAddressSchema, type ShippingAddress } from '../common/address';

/** Upper bounds of the application's text fields (the bio's is the spec's, §9). */
export const APPLICATION_FIELD_MAX = {
  fullName: LIMITS.nameMaxLength,
  email: LIMITS.emailMaxLength,
  phoneNumber: 32,
  url: 2_000,
} as const;

/** The application payload of spec §3, as POST /api/contests/{id}/apply/ receives it. */
export const applicationPayloadSchema = z.object({
  full_name: boundedString('Full name', APPLICATION_FIELD_MAX.fullName),
  // One address, checked by `applicationErrors`; anything longer than an address can be is refused
  // here with the same words.
  email: z.string().max(APPLICATION_FIELD_MAX.email, MESSAGES.profile.invalidEmail),
  phone_number: z.string().max(APPLICATION_FIELD_MAX.phoneNumber).default(''),
  bio: z.string().max(LIMITS.bioMaxLength).default(''),
  shipping_address: shippingAddressSchema,
  product_id: z.coerce
    .number()
    .int()
    .max(2 ** 31 - 1),
  terms_accepted: z.boolean(),
  // URL fields are optional and deliberately unchecked (spec §5: hint only).
  youtube_url: z.string().max(APPLICATION_FIELD_MAX.url).default(''),
  instagram_url: z.string().max(APPLICATION_FIELD_MAX.url).default(''),
  portfolio_url: z.string().max(APPLICATION_FIELD_MAX.url).default(''),
});
export type ApplicationPayload = z.infer<typeof applicationPayloadSchema>;

/** POST /api/contests/{id}/apply/ body: a missing terms_accepted reads as not accepted. */
export const applyBodySchema = applicationPayloadSchema.extend({
  terms_accepted: z.boolean().default(false),
  ...agreementShaField,
});
export type ApplyBody = z.infer<typeof applyBodySchema>;

/** pending → selected | declined; selected → withdrawn (staff, before shipping). */
export const APPLICATION_STATUSES = ['pending', 'selected', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** POST /api/contests/{id}/apply/ → 201. */
export const applicationResponseSchema = z.object({
  id: z.number().int(),
  contest_id: z.number().int(),
  product_id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  created_at: z.string(),
  /** Stock left of the chosen product after this application. */
  stock_quantity: z.number().int(),
});
export type ApplicationResponse = z.infer<typeof applicationResponseSchema>;

export type ShippingChoice = 'existing' | 'new';

export interface WizardInfo {
  full_name: string;
  email: string;
  phone_number: string;
  bio: string;
  useExistingShipping: ShippingChoice;
  shipping_address: ShippingAddress;
}

/** Step 0 (spec §5): which fields must be non-empty depends on the shipping choice. */
export function isInfoStepValid(info: WizardInfo): boolean {
  const required =
    info.useExistingShipping === 'existing'
      ? [info.full_name, info.email, info.phone_number, info.bio]
      : [
          info.full_name,
          info.email,
          info.bio,
          info.shipping_address.line1,
          info.shipping_address.city,
          info.shipping_address.country,
        ];
  return required.every((value) => !isBlank(value));
}

/** Step 1: a chair with stock left must be chosen. */
export function isChairStepValid(chairId: number | null, stockById: Record<number, number>): boolean {
  return chairId != null && (stockById[chairId] ?? 0) > 0;
}

export interface Acceptances {
  privacyPolicyAccepted: boolean;
  contestRulesAccepted: boolean;
  participantAgreementAccepted: boolean;
}

/** Step 2: all three acceptances ticked. */
export function isTermsStepValid(a: Acceptances): boolean {
  return a.privacyPolicyAccepted && a.contestRulesAccepted && a.participantAgreementAccepted;
}

/** Server-side check of the payload: the same rule as step 0 with a new address. */
export function applicationErrors(payload: ApplicationPayload): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const required: Array<[string, string]> = [
    ['full_name', payload.full_name],
    ['email', payload.email],
    ['bio', payload.bio],
  ];
  for (const [field, value] of required) {
    if (isBlank(value)) errors[field] = ['This field is required.'];
  }
  // Exactly one plain address (no lists, display names or header tricks), and a name that is a
  // name: the application is the creator's own words, never a message to others (issue 18 M1).
  if (!errors.email && !isValidEmail(payload.email)) errors.email = [MESSAGES.profile.invalidEmail];
  if (!errors.full_name && !isValidPersonName(payload.full_name))
    errors.full_name = [MESSAGES.application.invalidName];
  const address = payload.shipping_address;
  const missing = (['line1', 'city', 'country'] as const).filter((key) => isBlank(address[key]));
  if (missing.length) errors.shipping_address = missing.map((key) => `${key} is required`);
  if (!payload.terms_accepted) errors.terms_accepted = ['Terms must be accepted'];
  return errors;
}
