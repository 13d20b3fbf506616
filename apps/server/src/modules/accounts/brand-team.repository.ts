import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { BrandRole } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { brandProfiles, brands, invitations, users } from '../../db/schema/index';

/** SQL of brand teams (issue 49): members are brand accounts whose brand profile names the brand. */

/** A brand's name and logo, or undefined. */
export async function findBrand(db: DbOrTx, brandId: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, logoUrl: brands.logoUrl })
    .from(brands)
    .where(eq(brands.id, brandId));
  return row;
}

/**
 * Locks the brand's row until `tx` ends: every change of a brand's team takes it first, so two
 * owners demoting each other at once leave one owner. False when the brand does not exist.
 */
export async function lockBrand(tx: DbOrTx, brandId: number): Promise<boolean> {
  const rows = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).for('update');
  return rows.length > 0;
}

const memberColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: brandProfiles.role,
};

/** A brand's members (brand accounts of the brand), oldest first. */
export function listMembers(db: DbOrTx, brandId: number) {
  return db
    .select(memberColumns)
    .from(brandProfiles)
    .innerJoin(users, eq(users.id, brandProfiles.userId))
    .where(and(eq(brandProfiles.brandId, brandId), eq(users.role, 'brand')))
    .orderBy(asc(users.createdAt), asc(users.id));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** One member of the brand, or undefined when the user is not a member of it. */
export async function findMember(db: DbOrTx, brandId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(brandProfiles)
    .innerJoin(users, eq(users.id, brandProfiles.userId))
    .where(
      and(eq(brandProfiles.brandId, brandId), eq(brandProfiles.userId, userId), eq(users.role, 'brand')),
    );
  return row;
}

/** How many owners the brand has. */
export async function countOwners(db: DbOrTx, brandId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(brandProfiles)
    .innerJoin(users, eq(users.id, brandProfiles.userId))
    .where(and(eq(brandProfiles.brandId, brandId), eq(brandProfiles.role, 'owner'), eq(users.role, 'brand')));
  return Number(row?.n ?? 0);
}

export async function setMemberRole(db: DbOrTx, userId: number, role: BrandRole): Promise<void> {
  await db.update(brandProfiles).set({ role }).where(eq(brandProfiles.userId, userId));
}

/** Takes the member out of its brand: the account stays, a brand account of no brand. */
export async function leaveBrand(db: DbOrTx, userId: number): Promise<void> {
  await db.update(brandProfiles).set({ brandId: null }).where(eq(brandProfiles.userId, userId));
}

/** Puts a brand account of no brand into `brand` with `role` (its company name and logo follow). */
export async function joinBrand(
  db: DbOrTx,
  userId: number,
  brand: { id: number; name: string; logoUrl: string },
  role: BrandRole,
): Promise<boolean> {
  const rows = await db
    .update(brandProfiles)
    .set({ brandId: brand.id, role, companyName: brand.name, companyLogo: brand.logoUrl })
    .where(and(eq(brandProfiles.userId, userId), isNull(brandProfiles.brandId)))
    .returning({ userId: brandProfiles.userId });
  return rows.length > 0;
}

/** Whether an account is a brand account that belongs to no brand (it may be invited into one). */
export async function isBrandlessBrandAccount(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ brandId: brandProfiles.brandId })
    .from(brandProfiles)
    .where(eq(brandProfiles.userId, userId));
  return !!row && row.brandId === null;
}

const pendingInvitation = and(
  eq(invitations.role, 'brand'),
  isNull(invitations.acceptedAt),
  isNull(invitations.revokedAt),
  gt(invitations.expiresAt, sql`now()`),
);

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  brandRole: invitations.brandRole,
  expiresAt: invitations.expiresAt,
};

/** The brand's pending invitations (unused, not withdrawn, unexpired), oldest first. */
export function listPendingInvitations(db: DbOrTx, brandId: number) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .where(and(eq(invitations.brandId, brandId), pendingInvitation))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

/** A pending invitation of the brand for this address, or undefined. */
export async function findPendingInvitationFor(db: DbOrTx, brandId: number, email: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .where(and(eq(invitations.brandId, brandId), eq(invitations.email, email), pendingInvitation));
  return row;
}

/** A pending invitation of the brand by id, or undefined. */
export async function findPendingInvitation(db: DbOrTx, brandId: number, id: number) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .where(and(eq(invitations.brandId, brandId), eq(invitations.id, id), pendingInvitation));
  return row;
}

/** Gives a pending invitation a new token and expiry (the old link stops working). */
export async function renewInvitation(
  db: DbOrTx,
  id: number,
  values: { tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.update(invitations).set(values).where(eq(invitations.id, id));
}
