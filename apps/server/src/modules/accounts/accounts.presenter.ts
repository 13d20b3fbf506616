import {
  PROFILE_STORED_FIELDS,
  toShippingAddress,
  type AccountUser,
  type CurrentUser,
  type Invitation,
  type ProfileStoredValues,
  type StaffUser,
} from '@app/domain';
import { belongsToBrand } from './accounts.policy';
import type { AccountRow, findBrandProfile, StaffUserRow } from './accounts.repository';
import type { SignInCreatorProfile } from './creator-profile-port';
import type { InvitationRow } from './invitations.repository';

interface Profiles {
  creator: SignInCreatorProfile | undefined;
  brand: Awaited<ReturnType<typeof findBrandProfile>>;
}

/** The user object of the sign-in answers (spec §3 User). */
export function toAccountUser(
  account: AccountRow,
  { creator, brand }: Profiles,
  mediaUrl: (key: string) => string,
): AccountUser {
  return {
    ...identity(account),
    brand_profile: brand ? { company_name: brand.companyName, company_logo: brand.companyLogo } : null,
    creator_profile: creator
      ? {
          profile_picture: creator.avatarKey ? mediaUrl(creator.avatarKey) : null,
          bio: creator.bio,
          country: creator.country,
          experience_level: creator.experienceLevel,
          address: creator.address,
          portfolio_url: creator.portfolioUrl,
          social_media_links: Object.fromEntries(
            Object.entries({
              youtube: creator.youtubeUrl,
              instagram: creator.instagram,
              facebook: creator.facebook,
              twitter: creator.twitter,
              linkedin: creator.linkedin,
              website: creator.website,
            }).filter(([, value]) => value),
          ),
        }
      : null,
  };
}

const NO_PROFILE = Object.fromEntries(PROFILE_STORED_FIELDS.map((f) => [f, ''])) as ProfileStoredValues;

/**
 * spec §3 Current user (the application prefill), from the user and the values of their creator
 * profile (null for an account without one: every profile field reads as empty).
 */
export function toCurrentUser(account: AccountRow, profile: ProfileStoredValues | null): CurrentUser {
  const values = profile ?? NO_PROFILE;
  return {
    ...identity(account),
    profile: {
      phoneNumber: account.phoneNumber,
      bio: values.bio,
      youtube_url: values.youtube_url,
      instagram_url: values.instagram,
      portfolio_url: values.portfolio_url,
      shipping_address: toShippingAddress(values),
    },
  };
}

/** An account as the staff console's accounts page lists it. */
export function toStaffUser(row: StaffUserRow): StaffUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    first_name: row.firstName,
    last_name: row.lastName,
    is_verified: row.isActive,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    brand_id: row.brandId,
    company_name: belongsToBrand(row.role) ? row.companyName : null,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An invitation as staff see it; its status is read at `now`. */
export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    brand_id: row.brandId,
    brand_name: row.brandName,
    brand_role: row.brandRole,
    invited_by_email: row.invitedByEmail,
    status: row.acceptedAt
      ? 'accepted'
      : row.revokedAt
        ? 'revoked'
        : row.expiresAt <= now
          ? 'expired'
          : 'pending',
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The user fields both the sign-in user and the current user start with (spec §3). */
function identity(account: AccountRow) {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    first_name: account.firstName,
    last_name: account.lastName,
    phone_number: account.phoneNumber,
  };
}
