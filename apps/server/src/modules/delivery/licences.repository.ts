import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licences } from '../../db/schema/index';

export type LicenceRow = typeof licences.$inferSelect;
export type NewLicence = typeof licences.$inferInsert;

/** Stores a licence unless its entry already has one (the first one issued stays). */
export async function insertLicence(db: DbOrTx, licence: NewLicence): Promise<void> {
  await db.insert(licences).values(licence).onConflictDoNothing({ target: licences.entryId });
}

export async function findLicenceOfEntry(db: DbOrTx, entryId: number): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licences).where(eq(licences.entryId, entryId)).limit(1);
  return row;
}

export async function findLicence(db: DbOrTx, id: string): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licences).where(eq(licences.id, id)).limit(1);
  return row;
}

/** Revokes a licence not yet revoked; undefined when it already was (or does not exist). */
export async function revokeLicence(
  db: DbOrTx,
  id: string,
  change: { reason: string; at: Date },
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({ revokedAt: change.at, revokedReason: change.reason })
    .where(and(eq(licences.id, id), isNull(licences.revokedAt)))
    .returning();
  return row;
}

/**
 * Claims the licences due for the `days`-day reminder at `now` (valid, ending within `days` days,
 * not yet reminded at that step) and marks them reminded, in one statement: of two sweeps at once,
 * each licence goes to one, so each reminder is sent once. The 7-day step marks the 30-day one
 * too (a licence that reaches 7 days unreminded gets one reminder, not two).
 */
export async function claimReminders(db: DbOrTx, days: 30 | 7, now: Date): Promise<LicenceRow[]> {
  const until = new Date(now.getTime() + days * 86_400_000);
  const column = days === 7 ? licences.reminded7At : licences.reminded30At;
  return db
    .update(licences)
    .set(
      days === 7
        ? {
            reminded7At: now,
            reminded30At: sql`coalesce(${licences.reminded30At}, ${now.toISOString()}::timestamptz)`,
          }
        : { reminded30At: now },
    )
    .where(
      and(isNull(licences.revokedAt), isNull(column), gt(licences.endsAt, now), lte(licences.endsAt, until)),
    )
    .returning();
}
