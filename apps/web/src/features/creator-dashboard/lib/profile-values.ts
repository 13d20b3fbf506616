import { profileUpdateValues, type CreatorProfile, type ProfileUpdate } from '@app/domain';

/** The Edit Profile form's values (spec §3 update fields) taken from the profile the API gives. */
export function profileToValues(profile: CreatorProfile): ProfileUpdate {
  return profileUpdateValues(profile);
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}
