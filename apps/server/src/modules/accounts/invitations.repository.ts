import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { BrandRole } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { brands, invitations, users } from '../../db/schema/index';

const inviter = sql`(select ${users.email} from ${users} where ${users.id} = ${invitations.invitedBy})`;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  brandId: invitations.brandId,
  brandRole: invitations.brandRole,
  brandName: brands.name,
  brandLogo: brands.logoUrl,
  invitedByEmail: sql<string | null>`${inviter}`,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  revokedAt: invitations.revokedAt,
  createdAt: invitations.createdAt,
};

export async function insertInvitation(
  db: DbOrTx,
  values: {
    tokenHash: string;
    email: string;
    role: 'brand' | 'staff';
    brandId: number | null;
    /** The team role of a brand invitation (issue 49); null for staff. */
    brandRole: BrandRole | null;
    invitedBy: number;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  return row!.id;
}

/** An invitation by the hash of its token, with its brand. */
export async function findInvitationByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(brands, eq(brands.id, invitations.brandId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row;
}
export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitationByHash>>>;

/**
 * Marks an unused, unexpired invitation used, atomically: of two acceptances at once exactly one
 * gets the row back.
 */
export async function consumeInvitation(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invitations.id });
  return row;
}

/** An invitation by id, with its brand. */
export async function findInvitationById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(brands, eq(brands.id, invitations.brandId))
    .where(eq(invitations.id, id));
  return row;
}

/**
 * Withdraws a pending invitation (unused, not withdrawn, unexpired), atomically against an
 * acceptance at the same moment: true when this call withdrew it.
 */
export async function revokeInvitation(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function setAcceptedUser(db: DbOrTx, id: number, userId: number): Promise<void> {
  await db.update(invitations).set({ acceptedUserId: userId }).where(eq(invitations.id, id));
}

/** A page of invitations, newest first, and how many there are. */
export async function listInvitations(db: DbOrTx, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ ...invitationColumns, total: sql<number | string>`count(*) over ()` })
    .from(invitations)
    .leftJoin(brands, eq(brands.id, invitations.brandId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length || page.offset === 0) return { rows, count: Number(rows[0]?.total ?? 0) };
  const [row] = await db.select({ n: sql<number | string>`count(*)` }).from(invitations);
  return { rows, count: Number(row?.n ?? 0) };
}
