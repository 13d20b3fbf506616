import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES, requiredMessage } from '../messages';
import { isBlank, isValidEmail, isValidPhone } from '../rules';

/** Creator-profile update fields (spec §3). */
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

export const profileUpdateSchema = z
  .object(Object.fromEntries(PROFILE_UPDATE_FIELDS.map((f) => [f, z.string().default('')])))
  .partial() as unknown as z.ZodType<Partial<ProfileUpdate>>;
