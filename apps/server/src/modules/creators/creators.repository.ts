import { and, count, desc, eq, exists, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  applications,
  contestResults,
  contests,
  creatorProfiles,
  contestEntries,
  entryEvents,
  entryVersions,
  users,
  videos,
} from '../../db/schema/index';
import { type ProfileStoredField, type ProfileStoredValues, type ShippingAddress } from '@app/domain';

/** SQL of the creator dashboard; every query is filtered by the creator's own user id. */

/** Contests the creator applied to or submitted to, with their application status. */
export function findParticipatedContests(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'creator_participations', (statementName) => {
    const user = sql.placeholder('userId');
    const ownSubmission = db
      .select({ one: sql`1` })
      .from(contestEntries)
      .where(and(eq(contestEntries.contestId, contests.id), eq(contestEntries.userId, user)));
    return db
      .select({
        id: contests.id,
        title: contests.title,
        description: contests.description,
        thumbnailUrl: contests.thumbnailUrl,
        prizeCents: contests.prizeCents,
        currency: contests.currency,
        submissionDeadline: contests.submissionDeadline,
        winnersAt: contests.winnersAt,
        timezone: contests.timezone,
        applicationStatus: applications.status,
        shippingCarrier: applications.shippingCarrier,
        trackingNumber: applications.trackingNumber,
        shippedAt: applications.shippedAt,
        deliveredAt: applications.deliveredAt,
      })
      .from(contests)
      .leftJoin(applications, and(eq(applications.contestId, contests.id), eq(applications.userId, user)))
      .where(or(isNotNull(applications.id), exists(ownSubmission)))
      .orderBy(desc(contests.submissionDeadline), desc(contests.id))
      .prepare(statementName);
  });
  return statement.execute({ userId });
}

/**
 * The creator's submissions — their contest entries, one per contest — newest first, each with its
 * newest version (the one judged): the video, its title and views, and the entry's status.
 */
export function findSubmissions(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'creator_submissions', (statementName) => {
    const user = sql.placeholder('userId');
    return db
      .select({
        id: contestEntries.id,
        contestId: contestEntries.contestId,
        contestTitle: contests.title,
        status: contestEntries.status,
        version: entryVersions.version,
        videoId: entryVersions.videoId,
        videoTitle: videos.title,
        viewCount: videos.views,
        createdAt: entryVersions.createdAt,
      })
      .from(contestEntries)
      .innerJoin(
        entryVersions,
        and(
          eq(entryVersions.entryId, contestEntries.id),
          sql`${entryVersions.version} = (select max(v.version) from ${entryVersions} v where v.entry_id = ${contestEntries.id})`,
        ),
      )
      .innerJoin(videos, eq(videos.id, entryVersions.videoId))
      .innerJoin(contests, eq(contests.id, contestEntries.contestId))
      .where(eq(contestEntries.userId, user))
      .orderBy(desc(entryVersions.createdAt), desc(contestEntries.id))
      .prepare(statementName);
  });
  return statement.execute({ userId });
}

/** The timelines of the creator's entries, oldest step first. */
export function findEntryTimelines(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'creator_entry_timelines', (statementName) => {
    const user = sql.placeholder('userId');
    return db
      .select({
        entryId: entryEvents.entryId,
        step: entryEvents.step,
        version: entryEvents.version,
        createdAt: entryEvents.createdAt,
      })
      .from(entryEvents)
      .innerJoin(contestEntries, eq(contestEntries.id, entryEvents.entryId))
      .where(eq(contestEntries.userId, user))
      .orderBy(entryEvents.createdAt, entryEvents.id)
      .prepare(statementName);
  });
  return statement.execute({ userId });
}

export function findResults(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'creator_results', (statementName) => {
    const user = sql.placeholder('userId');
    return db
      .select({
        contestId: contestResults.contestId,
        place: contestResults.place,
        prizeCents: contestResults.prizeCents,
      })
      .from(contestResults)
      .where(eq(contestResults.userId, user))
      .prepare(statementName);
  });
  return statement.execute({ userId });
}

/** The creator's own videos, newest first (any processing state). */
export function findOwnVideos(db: DbOrTx, userId: number) {
  const statement = prepared(db, 'creator_own_videos', (statementName) => {
    const user = sql.placeholder('userId');
    return db
      .select({
        id: videos.id,
        title: videos.title,
        description: videos.description,
        contestId: videos.contestId,
        contestTitle: contests.title,
        posterKey: videos.posterKey,
        status: videos.status,
        failureReason: videos.failureReason,
        processingStage: videos.processingStage,
        processingPercent: videos.processingPercent,
        isApproved: videos.isApproved,
        reviewStatus: videos.reviewStatus,
        reviewReason: videos.reviewReason,
        views: videos.views,
        likes: videos.likes,
        createdAt: videos.createdAt,
      })
      .from(videos)
      .leftJoin(contests, eq(contests.id, videos.contestId))
      .where(eq(videos.ownerId, user))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .prepare(statementName);
  });
  return statement.execute({ userId });
}

export type ParticipationRow = Awaited<ReturnType<typeof findParticipatedContests>>[number];
export type SubmissionRow = Awaited<ReturnType<typeof findSubmissions>>[number];
export type TimelineRow = Awaited<ReturnType<typeof findEntryTimelines>>[number];
export type ResultRow = Awaited<ReturnType<typeof findResults>>[number];
export type OwnVideoRow = Awaited<ReturnType<typeof findOwnVideos>>[number];

export async function countCreatorActivity(db: DbOrTx, userId: number) {
  const [[videoCount], [submissionCount], [wins]] = await Promise.all([
    db.select({ n: count() }).from(videos).where(eq(videos.ownerId, userId)),
    db.select({ n: count() }).from(contestEntries).where(eq(contestEntries.userId, userId)),
    db
      .select({ n: count() })
      .from(contestResults)
      .where(and(eq(contestResults.userId, userId), eq(contestResults.place, 1))),
  ]);
  return { videos: videoCount?.n ?? 0, submissions: submissionCount?.n ?? 0, wins: wins?.n ?? 0 };
}

/** Contests the creator takes part in: a selected application or a submission. */
export async function countParticipations(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.execute<{ n: string | number }>(sql`
    SELECT count(*) AS n FROM (
      SELECT ${applications.contestId} AS contest_id FROM ${applications}
        WHERE ${applications.userId} = ${userId} AND ${applications.status} = 'selected'
      UNION
      SELECT ${contestEntries.contestId} FROM ${contestEntries} WHERE ${contestEntries.userId} = ${userId}
    ) AS taken_part`);
  return Number(result.rows[0]?.n ?? 0);
}

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

export async function findAccountEmail(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** A creator with their profile: user columns, the stored profile fields by name, the avatar's key. */
export async function findCreatorWithProfile(db: DbOrTx, userId: number) {
  const select = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        pendingEmail: users.pendingEmail,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        hasProfile: sql<boolean>`${creatorProfiles.userId} is not null`,
        avatarKey: creatorProfiles.avatarKey,
        values: profileValueColumns,
      })
      .from(users)
      .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .where(eq(users.id, userId));
  let [row] = await select();
  if (!row) return null;
  if (!row.hasProfile) {
    // A creator always has a profile row; one created without it gets it on first read.
    await db.insert(creatorProfiles).values({ userId }).onConflictDoNothing();
    [row] = await select();
  }
  if (!row?.values) return null;
  const { hasProfile: _hasProfile, values, ...user } = row;
  return { ...user, values };
}

export type CreatorRow = NonNullable<Awaited<ReturnType<typeof findCreatorWithProfile>>>;
export type UserChanges = Partial<
  Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phoneNumber' | 'pendingEmail' | 'email'>
>;
/** Changes of the stored profile fields (by API name) and of the avatar. */
export type ProfileChanges = Partial<ProfileStoredValues> & { avatarKey?: string | null };

export async function updateCreator(db: DbOrTx, userId: number, user: UserChanges, profile: ProfileChanges) {
  if (Object.keys(user).length)
    await db
      .update(users)
      .set({ ...user, updatedAt: new Date() })
      .where(eq(users.id, userId));
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

/** True when another account already uses `email` (compared lower-cased). */
export async function emailTakenByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Swaps in the verified pending address, only if it is still the one the link was made for and
 * nobody took it meanwhile. Returns false when nothing changed.
 */
export async function confirmPendingEmail(db: DbOrTx, userId: number, email: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ email, pendingEmail: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        eq(users.pendingEmail, email),
        sql`not exists (select 1 from ${users} other where other.email = ${email} and other.id <> ${userId})`,
      ),
    )
    .returning({ id: users.id });
  return changed.length > 0;
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

/** The account's token version (undo links are signed for it). */
export async function findTokenVersion(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId));
  return row?.v;
}

/**
 * Puts the account's previous address back (the undo link sent to it) and cancels any pending
 * change, unless another account took that address meanwhile. Returns false when nothing changed.
 */
export async function restoreEmail(db: DbOrTx, userId: number, email: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ email, pendingEmail: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${users} other where other.email = ${email} and other.id <> ${userId})`,
      ),
    )
    .returning({ id: users.id });
  return changed.length > 0;
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
