import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { brandProfiles, creatorProfiles, refreshTokens, socialAccounts, users } from '../../db/schema/index';

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
};

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email));
  return row;
}

export async function findAccountById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id));
  return row;
}

/**
 * Inserts an account with its empty profile (creators and brands have one; staff none). Returns
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
    /** A brand's company name. */
    companyName?: string;
  },
): Promise<AccountRow | undefined> {
  const { companyName = '', ...user } = values;
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning(accountColumns);
  if (row?.role === 'creator')
    await db.insert(creatorProfiles).values({ userId: row.id }).onConflictDoNothing();
  if (row?.role === 'brand')
    await db.insert(brandProfiles).values({ userId: row.id, companyName }).onConflictDoNothing();
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

/** The profile parts the sign-in response and /me include. */
export async function findProfiles(db: DbOrTx, userId: number) {
  const [creator] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, userId));
  const [brand] = await db
    .select({ companyName: brandProfiles.companyName, companyLogo: brandProfiles.companyLogo })
    .from(brandProfiles)
    .where(eq(brandProfiles.userId, userId));
  return { creator, brand };
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
 * Marks an unused, unrevoked, unexpired refresh token used, atomically: of many concurrent
 * callers exactly one gets the row back.
 */
export async function consumeRefreshToken(db: DbOrTx, id: string, userId: number) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
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
