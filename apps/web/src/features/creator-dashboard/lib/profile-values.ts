import type { CreatorProfile, ProfileUpdate } from '@app/domain';

/** The Edit Profile form's values (spec §3 update fields) taken from the profile the API gives. */
export function profileToValues(profile: CreatorProfile): ProfileUpdate {
  const p = profile.profile;
  return {
    name: profile.full_name,
    email: profile.pending_email ?? profile.email,
    phone: profile.phone_number,
    bio: p.bio,
    gender: p.gender,
    address: p.address,
    website: p.website,
    portfolio_url: p.portfolio_url,
    linkedin: p.linkedin,
    instagram: p.instagram_url,
    twitter: p.twitter,
    facebook: p.facebook_url,
    youtube_url: p.youtube_url,
    shipping_address_line1: p.shipping_address_line1,
    shipping_address_line2: p.shipping_address_line2,
    shipping_city: p.shipping_city,
    shipping_state: p.shipping_state,
    shipping_postal_code: p.shipping_postal_code,
    shipping_country: p.shipping_country,
  };
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
