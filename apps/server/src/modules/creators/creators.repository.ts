import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAnyOf, prepared } from '../../db/prepared';
import { creatorProfiles } from '../../db/schema/index';
import { type ProfileStoredField, type ProfileStoredValues, type ShippingAddress } from '@app/domain';

/**
 * The creator_profiles property behind each stored profile field: the one place the API's field
 * names meet the columns (PROFILE_RESPONSE_KEYS in the domain names the rest).
 */
const PROFILE_COLUMNS = {
  bio: 'bio',
  address: 'address',
  gender: 'gender',
  website: 'website',
  linkedin: 'linkedin',
  twitter: 'twitter',
  youtube_url: 'youtubeUrl',
  portfolio_url: 'portfolioUrl',
  instagram: 'instagram',
  facebook: 'facebook',
  shipping_address_line1: 'shippingAddressLine1',
  shipping_address_line2: 'shippingAddressLine2',
  shipping_city: 'shippingCity',
  shipping_state: 'shippingState',
  shipping_postal_code: 'shippingPostalCode',
  shipping_country: 'shippingCountry',
} as const satisfies Record<ProfileStoredField, keyof typeof creatorProfiles.$inferSelect>;

/** Selects the stored profile fields under their API names. */
const profileValueColumns = Object.fromEntries(
  Object.entries(PROFILE_COLUMNS).map(([field, property]) => [field, creatorProfiles[property]]),
) as { [F in ProfileStoredField]: (typeof creatorProfiles)[(typeof PROFILE_COLUMNS)[F]] };

/** The values of a user's creator profile by field name, or null when they have none (read only). */
export async function findProfileValues(db: DbOrTx, userId: number): Promise<ProfileStoredValues | null> {
  const statement = prepared(db, 'creator_profiles_values', (statementName) =>
    db
      .select(profileValueColumns)
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, sql.placeholder('userId')))
      .prepare(statementName),
  );
  const [row] = await statement.execute({ userId });
  return row ?? null;
}

/** The creator's profile: the stored fields by name and the avatar's key, or undefined. */
export async function findProfile(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ avatarKey: creatorProfiles.avatarKey, values: profileValueColumns })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, userId));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Changes of the stored profile fields (by API name) and of the avatar. */
export type ProfileChanges = Partial<ProfileStoredValues> & { avatarKey?: string | null };

export async function updateProfile(db: DbOrTx, userId: number, profile: ProfileChanges) {
  const { avatarKey, ...values } = profile;
  const columns: Partial<typeof creatorProfiles.$inferInsert> = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [PROFILE_COLUMNS[field as ProfileStoredField], value]),
  );
  if (avatarKey !== undefined) columns.avatarKey = avatarKey;
  if (Object.keys(columns).length)
    await db
      .update(creatorProfiles)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(creatorProfiles.userId, userId));
}

/** The creator's saved shipping address (the application wizard's "existing address"). */
export async function findSavedShipping(db: DbOrTx, userId: number): Promise<ShippingAddress | undefined> {
  const [row] = await db
    .select({
      line1: creatorProfiles.shippingAddressLine1,
      line2: creatorProfiles.shippingAddressLine2,
      city: creatorProfiles.shippingCity,
      state: creatorProfiles.shippingState,
      postal: creatorProfiles.shippingPostalCode,
      country: creatorProfiles.shippingCountry,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, userId))
    .limit(1);
  return row;
}

/** Saves the address as the creator's shipping address (creating the profile row if missing). */
export async function saveShipping(tx: DbOrTx, userId: number, address: ShippingAddress): Promise<void> {
  const values = {
    shippingAddressLine1: address.line1,
    shippingAddressLine2: address.line2,
    shippingCity: address.city,
    shippingState: address.state,
    shippingPostalCode: address.postal,
    shippingCountry: address.country,
  };
  await tx
    .insert(creatorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: creatorProfiles.userId, set: values });
}

/** A new creator account's empty profile (registration, Google sign-in, accounts made by staff). */
export async function insertEmptyProfile(db: DbOrTx, userId: number): Promise<void> {
  await db.insert(creatorProfiles).values({ userId }).onConflictDoNothing();
}

/** The profile fields the sign-in answers show. */
export async function findSignInProfile(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      avatarKey: creatorProfiles.avatarKey,
      bio: creatorProfiles.bio,
      country: creatorProfiles.country,
      experienceLevel: creatorProfiles.experienceLevel,
      address: creatorProfiles.address,
      portfolioUrl: creatorProfiles.portfolioUrl,
      youtubeUrl: creatorProfiles.youtubeUrl,
      instagram: creatorProfiles.instagram,
      facebook: creatorProfiles.facebook,
      twitter: creatorProfiles.twitter,
      linkedin: creatorProfiles.linkedin,
      website: creatorProfiles.website,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, userId));
  return row;
}

/** The countries and avatars of these creators (those with a profile). */
export function findProfileCards(db: DbOrTx, userIds: number[]) {
  if (!userIds.length) return Promise.resolve([]);
  // Every page of a contest's applications asks: one prepared statement for any number of ids.
  const statement = prepared(db, 'creators_profile_cards_of', (statementName) =>
    db
      .select({
        userId: creatorProfiles.userId,
        country: creatorProfiles.country,
        avatarKey: creatorProfiles.avatarKey,
      })
      .from(creatorProfiles)
      .where(isAnyOf(creatorProfiles.userId))
      .prepare(statementName),
  );
  return statement.execute({ ids: userIds });
}
