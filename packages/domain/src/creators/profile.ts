import { z } from 'zod';
import { FIELD_LIMITS, LIMITS } from '../limits';
import { tooLongMessage } from '../common/text';
import { MESSAGES, requiredMessage } from '../messages';
import { isBlank, isValidEmail, isValidPhone } from '../rules';
import type { ShippingAddress } from '../common/address';

/** Creator-profile update fields (spec §3): the names of the PATCH body and of the Edit Profile form. */
export const PROFILE_UPDATE_FIELDS = [
  'name',
  'email',
  'bio',
  'phone',
  'gender',
  'address',
  'website',
  'portfolio_url',
  'linkedin',
  'instagram',
  'twitter',
  'facebook',
  'shipping_address_line1',
  'shipping_address_line2',
  'shipping_city',
  'shipping_state',
  'shipping_postal_code',
  'shipping_country',
  'youtube_url',
] as const;
export type ProfileUpdateField = (typeof PROFILE_UPDATE_FIELDS)[number];
export type ProfileUpdate = Record<ProfileUpdateField, string>;

/**
 * The one field map of the creator profile: every update field kept on the creator's profile,
 * with the key of the profile response (`profile.<key>`) that carries it back. The response schema,
 * the form's values and the server's columns are all derived from it. The other update fields
 * (name, email, phone) are the user's own and come back at the response's top level.
 */
export const PROFILE_RESPONSE_KEYS = {
  bio: 'bio',
  address: 'address',
  gender: 'gender',
  website: 'website',
  linkedin: 'linkedin',
  twitter: 'twitter',
  youtube_url: 'youtube_url',
  portfolio_url: 'portfolio_url',
  instagram: 'instagram_url',
  facebook: 'facebook_url',
  shipping_address_line1: 'shipping_address_line1',
  shipping_address_line2: 'shipping_address_line2',
  shipping_city: 'shipping_city',
  shipping_state: 'shipping_state',
  shipping_postal_code: 'shipping_postal_code',
  shipping_country: 'shipping_country',
} as const satisfies Record<Exclude<ProfileUpdateField, 'name' | 'email' | 'phone'>, string>;

/** The update fields stored on the creator's profile (not on the user). */
export type ProfileStoredField = keyof typeof PROFILE_RESPONSE_KEYS;
export const PROFILE_STORED_FIELDS = Object.keys(PROFILE_RESPONSE_KEYS) as ProfileStoredField[];
/** The values of the stored fields, by update-field name. */
export type ProfileStoredValues = Pick<ProfileUpdate, ProfileStoredField>;
/** The stored fields as the profile response names them. */
export type ProfileResponseFields = {
  [F in ProfileStoredField as (typeof PROFILE_RESPONSE_KEYS)[F]]: string;
};

/** The spec's flat shipping fields behind each field of the nested `shipping_address`. */
export const SHIPPING_ADDRESS_PROFILE_FIELDS = {
  line1: 'shipping_address_line1',
  line2: 'shipping_address_line2',
  city: 'shipping_city',
  state: 'shipping_state',
  postal: 'shipping_postal_code',
  country: 'shipping_country',
} as const satisfies Record<keyof ShippingAddress, ProfileStoredField>;

/** The stored fields under their response keys. */
export function toProfileResponseFields(values: ProfileStoredValues): ProfileResponseFields {
  return Object.fromEntries(
    PROFILE_STORED_FIELDS.map((field) => [PROFILE_RESPONSE_KEYS[field], values[field]]),
  ) as ProfileResponseFields;
}

/** The nested shipping address made of the flat shipping fields. */
export function toShippingAddress(values: Pick<ProfileUpdate, ProfileStoredField>): ShippingAddress {
  return Object.fromEntries(
    Object.entries(SHIPPING_ADDRESS_PROFILE_FIELDS).map(([key, field]) => [key, values[field]]),
  ) as ShippingAddress;
}

/** Required fields of the Edit Profile dialog (spec §5). */
export const PROFILE_REQUIRED_FIELDS = [
  'name',
  'bio',
  'phone',
  'email',
  'shipping_address_line1',
  'shipping_city',
  'shipping_state',
  'shipping_postal_code',
  'shipping_country',
] as const satisfies readonly ProfileUpdateField[];

export const GENDER_OPTIONS = [
  { value: '', label: 'Prefer not to say' },
  { value: 'male', label: 'male' },
  { value: 'female', label: 'female' },
  { value: 'other', label: 'other' },
] as const;

/** Per-field errors of the Edit Profile rules (spec §5), in the `{field: [message]}` shape. */
export function profileUpdateErrors(values: Partial<ProfileUpdate>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of PROFILE_REQUIRED_FIELDS) {
    if (isBlank(values[field])) errors[field] = [requiredMessage(field)];
  }
  if (!errors.phone && values.phone && !isValidPhone(values.phone))
    errors.phone = [MESSAGES.profile.invalidPhone];
  if (!errors.email && values.email && !isValidEmail(values.email))
    errors.email = [MESSAGES.profile.invalidEmail];
  if ((values.bio ?? '').length > LIMITS.bioMaxLength) errors.bio = [MESSAGES.profile.bioTooLong];
  if (values.gender && !['male', 'female', 'other'].includes(values.gender))
    errors.gender = ['Select a valid choice.'];
  return errors;
}

/**
 * Fields counted by the completeness rule (spec §5): 11 entries, shipping_country listed twice,
 * exactly as the original counts them.
 */
export const COMPLETENESS_FIELDS = [
  'bio',
  'shipping_address_line1',
  'shipping_country',
  'shipping_country',
  'phone',
  'name',
  'address',
  'email',
  'shipping_city',
  'shipping_state',
  'shipping_postal_code',
] as const satisfies readonly ProfileUpdateField[];

/** Profile completeness in percent, rounded down (spec §5). */
export function profileCompleteness(values: Partial<Record<ProfileUpdateField, string | null>>): number {
  const filled = COMPLETENESS_FIELDS.filter((field) => !isBlank(values[field] ?? '')).length;
  return Math.floor((filled / COMPLETENESS_FIELDS.length) * 100);
}

/** Longest value of an update field; bio has its own, shorter rule with the spec's message. */
export const PROFILE_FIELD_MAX_LENGTH = 2000;

const fieldTooLong = `Ensure this field has no more than ${PROFILE_FIELD_MAX_LENGTH} characters.`;

/**
 * Each update field's bound and message: the user's own fields have the database's limits in the
 * spec's words ('Name must be at most 200 characters', as §5's bio rule); the bio's own rule runs
 * in `profileUpdateErrors`.
 */
const PROFILE_FIELD_BOUNDS: Record<ProfileUpdateField, [number, string]> = Object.fromEntries(
  PROFILE_UPDATE_FIELDS.map((field) => [field, [PROFILE_FIELD_MAX_LENGTH, fieldTooLong]]),
) as Record<ProfileUpdateField, [number, string]>;
PROFILE_FIELD_BOUNDS.name = [FIELD_LIMITS.name, tooLongMessage('Name', FIELD_LIMITS.name)];
PROFILE_FIELD_BOUNDS.email = [FIELD_LIMITS.email, MESSAGES.profile.invalidEmail];
PROFILE_FIELD_BOUNDS.phone = [FIELD_LIMITS.phone, MESSAGES.profile.invalidPhone];

/**
 * `PATCH /api/accounts/auth/creator-profile/` (multipart or JSON): any of the update fields, each
 * bounded. The spec §5 rules are checked by `profileUpdateErrors` on the fields sent.
 */
export const creatorProfileUpdateBodySchema = z
  .object(
    Object.fromEntries(PROFILE_UPDATE_FIELDS.map((f) => [f, z.string().max(...PROFILE_FIELD_BOUNDS[f])])) as {
      [F in ProfileUpdateField]: z.ZodString;
    },
  )
  .partial();
export type CreatorProfileUpdateBody = z.infer<typeof creatorProfileUpdateBodySchema>;
