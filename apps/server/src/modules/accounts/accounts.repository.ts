import { and, count, desc, eq, gt, ilike, isNull, like, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BrandRole, Role } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { brandProfiles, brands, refreshTokens, socialAccounts, users } from '../../db/schema/index';
import { belongsToBrand } from './accounts.policy';

export const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  deactivatedAt: users.deactivatedAt,
  tokenVersion: users.tokenVersion,
};
export type AccountRow = {
  id: number;
  email: string;
  passwordHash: string | null;
  role: Role;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  isActive: boolean;
  lastLoginAt: Date | null;
  deactivatedAt: Date | null;
  tokenVersion: number;
};

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email));
  return row;
}

/** An account by id (prepared: `GET /api/accounts/me/` reads it on every call). */
export async function findAccountById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  const statement = prepared(db, 'users_find', (statementName) =>
    db
      .select(accountColumns)
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(statementName),
  );
  const [row] = await statement.execute({ id });
  return row;
}

/**
 * Inserts an account, with a brand user's brand profile (a creator's profile is the creators module's:
 * the caller creates it through `creatorProfiles.createEmpty`). Returns
 * undefined when the e-mail is taken.
 */
export async function insertAccount(
  db: DbOrTx,
  values: {
    email: string;
    passwordHash: string | null;
    role: Role;
    phoneNumber?: string;
    firstName?: string;
    lastName?: string;
    isActive: boolean;
    /** A brand user's brand, company name and logo, and role in the brand's team (default owner). */
    brand?: { id: number | null; name: string; logo: string; role?: BrandRole };
  },
): Promise<AccountRow | undefined> {
  const { brand, ...user } = values;
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning(accountColumns);
  if (row && belongsToBrand(row.role))
    await db
      .insert(brandProfiles)
      .values({
        userId: row.id,
        brandId: brand?.id ?? null,
        companyName: brand?.name ?? '',
        companyLogo: brand?.logo ?? '',
        ...(brand?.role ? { role: brand.role } : {}),
      })
      .onConflictDoNothing();
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  values: Partial<{
    isActive: boolean;
    passwordHash: string | null;
    lastLoginAt: Date;
    passwordChangedAt: Date;
  }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Removes an account that never proved its address (never verified, never signed in, never
 * deactivated): what it holds goes with it. Answers whether one was removed.
 */
export async function deleteUnprovenAccount(db: DbOrTx, id: number): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.isActive, false),
        isNull(users.lastLoginAt),
        isNull(users.deactivatedAt),
      ),
    )
    .returning({ id: users.id });
  return removed.length > 0;
}

/** The brand profile part the sign-in response includes. */
export async function findBrandProfile(db: DbOrTx, userId: number) {
  const [brand] = await db
    .select({ companyName: brandProfiles.companyName, companyLogo: brandProfiles.companyLogo })
    .from(brandProfiles)
    .where(eq(brandProfiles.userId, userId));
  return brand;
}

export async function findSocialAccount(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.issuer, issuer), eq(socialAccounts.subject, subject)));
  return row;
}

export async function insertSocialAccount(
  db: DbOrTx,
  values: { userId: number; provider: string; issuer: string; subject: string; email: string },
): Promise<void> {
  await db.insert(socialAccounts).values(values).onConflictDoNothing();
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { id: string; userId: number; familyId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks an unused, unrevoked, unexpired refresh token used and replaced by `replacedBy`,
 * atomically: of many concurrent callers exactly one gets the row back.
 */
export async function consumeRefreshToken(db: DbOrTx, id: string, userId: number, replacedBy: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()`, replacedBy })
    .where(
      and(
        eq(refreshTokens.id, id),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt });
  return row;
}

/**
 * The token a refresh token was exchanged for less than `graceSeconds` ago, while that successor
 * is still unused, unrevoked and unexpired: what a client whose answer to that exchange was lost
 * (a page left mid-request, a second tab sending the same cookie) is given again.
 */
export async function findFreshSuccessor(db: DbOrTx, id: string, userId: number, graceSeconds: number) {
  const successor = alias(refreshTokens, 'successor');
  const [row] = await db
    .select({ id: successor.id, familyId: successor.familyId, expiresAt: successor.expiresAt })
    .from(refreshTokens)
    .innerJoin(successor, eq(successor.id, refreshTokens.replacedBy))
    .where(
      and(
        eq(refreshTokens.id, id),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${graceSeconds})`),
        isNull(successor.usedAt),
        isNull(successor.revokedAt),
        gt(successor.expiresAt, sql`now()`),
      ),
    );
  return row;
}

export async function findRefreshToken(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, id));
  return row;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of the account outside the session `keepFamilyId`. */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: number,
  keepFamilyId: string | undefined,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

/**
 * What an access token is checked against on every request, in one query: the account's token
 * version, verification and deactivation (primary key), and whether the token's session still has a live refresh
 * token (`refresh_tokens_family_idx`); a token without a session skips that part.
 */
export async function findTokenState(db: DbOrTx, id: number, sessionId: string | undefined) {
  // Every authenticated request runs this: built once per shape and prepared (db/prepared.ts).
  const name = sessionId ? 'users_token_state_session' : 'users_token_state';
  const statement = prepared(db, name, (statementName) => {
    const live = sessionId
      ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}::uuid and ${refreshTokens.revokedAt} is null)`
      : sql<boolean>`true`;
    return db
      .select({
        tokenVersion: users.tokenVersion,
        isActive: users.isActive,
        deactivatedAt: users.deactivatedAt,
        sessionLive: live,
        // A brand user's brand and its role in the brand's team (issue 49): the request's caller
        // carries both; read for brand users only.
        brandId: sql<number | null>`case when ${users.role} = 'brand' then ${brandProfiles.brandId} end`,
        brandRole: sql<BrandRole | null>`case when ${users.role} = 'brand' then ${brandProfiles.role} end`,
      })
      .from(users)
      .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(statementName);
  });
  const [row] = await statement.execute({ id, sessionId });
  return row;
}

/**
 * Ends every session of an account at once: its refresh tokens are revoked and its token version
 * raised, so its access tokens are refused from the next request on. With `deactivate`, the
 * account is also marked deactivated (unless it already was: then undefined is returned).
 */
/** First key of the advisory lock taken by every deactivation of a staff account. */
const STAFF_DEACTIVATION_LOCK = 0x73746166; // 'staf'

/** Serialises deactivations of staff accounts until transaction `tx` ends. */
export async function lockStaffDeactivations(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_DEACTIVATION_LOCK}, 0)`);
}

/** Staff accounts that may still sign in, `except` one (the account about to be deactivated). */
export async function countActiveStaff(db: DbOrTx, { except }: { except: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'staff'), isNull(users.deactivatedAt), ne(users.id, except)));
  return row?.n ?? 0;
}

export async function endAllSessions(db: DbOrTx, userId: number, options: { deactivate: boolean }) {
  const [row] = await db
    .update(users)
    .set({
      tokenVersion: sql`${users.tokenVersion} + 1`,
      ...(options.deactivate ? { deactivatedAt: sql`now()` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), options.deactivate ? isNull(users.deactivatedAt) : undefined))
    .returning({ deactivatedAt: users.deactivatedAt, tokenVersion: users.tokenVersion });
  if (row) await revokeAllForUser(db, userId);
  return row;
}

/** A brand by id. */
export async function findBrandById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl })
    .from(brands)
    .where(eq(brands.id, id));
  return row;
}

/** The brand named `name` (case-insensitively), created with a slug from the name if there is none. */
export async function findOrCreateBrand(db: DbOrTx, name: string) {
  const [existing] = await db
    .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${name})`)
    .limit(1);
  if (existing) return existing;
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'brand';
  const [taken] = await db
    .select({ n: count() })
    .from(brands)
    .where(like(brands.slug, `${base}%`));
  const slug = taken?.n ? `${base}-${taken.n + 1}` : base;
  const [created] = await db
    .insert(brands)
    .values({ name, slug })
    .returning({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl });
  return created!;
}

export interface UserFilter {
  role?: Role | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns of an account as the staff console lists it. */
const staffUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  deactivatedAt: users.deactivatedAt,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  brandId: brandProfiles.brandId,
  companyName: brandProfiles.companyName,
};

/** Accounts for the staff console, newest first, with their brand; and how many match in all. */
export async function listUsers(db: DbOrTx, filter: UserFilter) {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const where = and(
    filter.role ? eq(users.role, filter.role) : undefined,
    pattern
      ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
      : undefined,
  );
  const rows = await db
    .select({
      ...staffUserColumns,
      total: sql<number | string>`count(*) over ()`,
    })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length || filter.offset === 0) return { rows, count: Number(rows[0]?.total ?? 0) };
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return { rows, count: row?.n ?? 0 };
}
export type StaffUserRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

/** One account as the staff console lists it. */
export async function findStaffUser(db: DbOrTx, id: number): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .select({
      ...staffUserColumns,
      total: sql<number | string>`1`,
    })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/**
 * Where to write to a user: the account's e-mail, role, brand (brand users) and whether it can
 * still sign in (active, not deactivated).
 */
export async function findContact(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      role: users.role,
      brandId: brandProfiles.brandId,
      usable: sql<boolean>`(${users.isActive} and ${users.deactivatedAt} is null)`,
    })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Who the account is and how to reach it: the creator profile's own fields. */
export async function findIdentity(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      pendingEmail: users.pendingEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type IdentityChanges = Partial<
  Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phoneNumber' | 'pendingEmail'>
>;

export async function updateIdentity(db: DbOrTx, userId: number, changes: IdentityChanges): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
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
 * Makes `email` the account's address and drops any pending change, if nobody else took it meanwhile
 * and, when `onlyIfPending`, only if it is still the pending one. Returns false when nothing changed.
 */
export async function setEmail(
  db: DbOrTx,
  userId: number,
  email: string,
  { onlyIfPending }: { onlyIfPending: boolean },
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ email, pendingEmail: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        onlyIfPending ? eq(users.pendingEmail, email) : undefined,
        sql`not exists (select 1 from ${users} other where other.email = ${email} and other.id <> ${userId})`,
      ),
    )
    .returning({ id: users.id });
  return changed.length > 0;
}

/** The active members of a brand's team (any role), for the brand side of a conversation. */
export async function findBrandMemberIds(db: DbOrTx, brandId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.deactivatedAt),
        eq(users.role, 'brand'),
        eq(brandProfiles.brandId, brandId),
      ),
    );
  return rows.map((row) => row.id);
}

/** Active users who review a brand's contests: that brand's users and every staff user. */
export async function findReviewerIds(db: DbOrTx, brandId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(
      and(
        eq(users.isActive, true),
        isNull(users.deactivatedAt),
        brandId === null
          ? eq(users.role, 'staff')
          : or(eq(users.role, 'staff'), and(eq(users.role, 'brand'), eq(brandProfiles.brandId, brandId))),
      ),
    );
  return rows.map((row) => row.id);
}
