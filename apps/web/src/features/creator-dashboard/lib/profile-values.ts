import { profileUpdateValues, type CreatorProfile, type ProfileUpdate } from '@app/domain';

/** The Edit Profile form's values (spec §3 update fields) taken from the profile the API gives. */
export function profileToValues(profile: CreatorProfile): ProfileUpdate {
  return profileUpdateValues(profile);
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '5000.00' → '$5,000.00' (spec §2: dollars with 2 decimals). */
export function formatDollars(amount: string | number): string {
  return money.format(Number(amount));
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}
