import type { AccountUser, CurrentUser } from '@app/domain';
import type { AccountRow, findProfiles } from './accounts.repository';

type Profiles = Awaited<ReturnType<typeof findProfiles>>;
type CreatorRow = Profiles['creator'];

/** The user object of the sign-in answers (spec §3 User). */
export function toAccountUser(
  account: AccountRow,
  { creator, brand }: Profiles,
  mediaUrl: (key: string) => string,
): AccountUser {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    first_name: account.firstName,
    last_name: account.lastName,
    phone_number: account.phoneNumber,
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

/** spec §3 Current user (the application prefill), from the user and their creator profile. */
export function toCurrentUser(account: AccountRow, creator: CreatorRow): CurrentUser {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    first_name: account.firstName,
    last_name: account.lastName,
    phone_number: account.phoneNumber,
    profile: {
      phoneNumber: account.phoneNumber,
      bio: creator?.bio ?? '',
      youtube_url: creator?.youtubeUrl ?? '',
      instagram_url: creator?.instagram ?? '',
      portfolio_url: creator?.portfolioUrl ?? '',
      shipping_address: {
        line1: creator?.shippingAddressLine1 ?? '',
        line2: creator?.shippingAddressLine2 ?? '',
        city: creator?.shippingCity ?? '',
        state: creator?.shippingState ?? '',
        postal: creator?.shippingPostalCode ?? '',
        country: creator?.shippingCountry ?? '',
      },
    },
  };
}
