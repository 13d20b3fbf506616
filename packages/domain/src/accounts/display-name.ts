/** The user fields a display name is made from (spec §3 User). */
export interface DisplayNameSource {
  email: string;
  role: string;
  first_name?: string | null;
  last_name?: string | null;
  brand_profile?: { company_name?: string | null } | null;
}

/**
 * Spec §3: a creator is shown by first plus last name, else e-mail; a brand by its company name,
 * else e-mail.
 */
export function displayName(user: DisplayNameSource): string {
  if (user.role === 'brand') return user.brand_profile?.company_name?.trim() || user.email;
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return full || user.email;
}
