import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenceExtensions, licences } from '../../db/schema/index';

export type LicenceRow = typeof licences.$inferSelect;
export type NewLicence = typeof licences.$inferInsert;
export type ExtensionRow = typeof licenceExtensions.$inferSelect;

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

// ── Extensions (issue 51) ──────────────────────────────────────────────────────────────────────

/** These licences' extensions, newest first. */
export async function findExtensionsOf(db: DbOrTx, licenceIds: string[]): Promise<ExtensionRow[]> {
  if (!licenceIds.length) return [];
  return db
    .select()
    .from(licenceExtensions)
    .where(inArray(licenceExtensions.licenceId, licenceIds))
    .orderBy(desc(licenceExtensions.createdAt), desc(licenceExtensions.id));
}

export async function findExtension(db: DbOrTx, id: number): Promise<ExtensionRow | undefined> {
  const [row] = await db.select().from(licenceExtensions).where(eq(licenceExtensions.id, id)).limit(1);
  return row;
}

/**
 * Stores a proposal unless the licence already has one waiting (a partial unique index): undefined
 * then, also when two proposals race.
 */
export async function insertExtension(
  db: DbOrTx,
  extension: { licenceId: string; months: number; feeCents: number; proposedBy: number },
): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .insert(licenceExtensions)
    .values(extension)
    .onConflictDoNothing({
      target: licenceExtensions.licenceId,
      where: sql`${licenceExtensions.status} = 'proposed'`,
    })
    .returning();
  return row;
}

/** Answers a waiting proposal; undefined when it was already answered. */
export async function decideExtension(
  db: DbOrTx,
  id: number,
  change: { status: 'accepted' | 'declined'; at: Date },
): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .update(licenceExtensions)
    .set({ status: change.status, decidedAt: change.at })
    .where(and(eq(licenceExtensions.id, id), eq(licenceExtensions.status, 'proposed')))
    .returning();
  return row;
}

/**
 * Moves a licence not revoked to its new end, its expiry reminders due again for that end;
 * undefined when it is revoked.
 */
export async function extendLicence(db: DbOrTx, id: string, endsAt: Date): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({ endsAt, reminded30At: null, reminded7At: null })
    .where(and(eq(licences.id, id), isNull(licences.revokedAt)))
    .returning();
  return row;
}
