import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  agreementAcceptances,
  contestAgreements,
  contests,
  type AgreementContext,
} from '../../db/schema/index';

const agreementColumns = {
  version: contestAgreements.version,
  text: contestAgreements.text,
  sha256: contestAgreements.sha256,
};

export type AgreementRow = { version: number; text: string; sha256: string };

/** The newest stored version of a contest's agreement, or undefined when none is stored yet. */
export async function latestAgreement(db: DbOrTx, contestId: number): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select(agreementColumns)
    .from(contestAgreements)
    .where(eq(contestAgreements.contestId, contestId))
    .orderBy(desc(contestAgreements.version))
    .limit(1);
  return row;
}

/** One stored version of a contest's agreement. */
export async function agreementVersion(
  db: DbOrTx,
  contestId: number,
  version: number,
): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select(agreementColumns)
    .from(contestAgreements)
    .where(and(eq(contestAgreements.contestId, contestId), eq(contestAgreements.version, version)));
  return row;
}

/** Stores a version unless it exists (first reads racing each other store it once). */
export async function insertAgreementIfAbsent(
  db: DbOrTx,
  row: AgreementRow & { contestId: number; createdBy: number | null },
): Promise<void> {
  await db.insert(contestAgreements).values(row).onConflictDoNothing();
}

/** Replaces a version's text in place (a draft's version 1). */
export async function replaceAgreementVersion(
  db: DbOrTx,
  contestId: number,
  version: number,
  change: { text: string; sha256: string; createdBy: number },
): Promise<void> {
  await db
    .update(contestAgreements)
    .set({ ...change, createdAt: new Date() })
    .where(and(eq(contestAgreements.contestId, contestId), eq(contestAgreements.version, version)));
}

/** Records that a creator accepted a version (in the application's or entry's transaction). */
export async function insertAcceptance(
  db: DbOrTx,
  row: {
    userId: number;
    contestId: number;
    version: number;
    sha256: string;
    clientIp: string;
    context: AgreementContext;
    refId: number;
  },
): Promise<{ acceptedAt: Date }> {
  const [saved] = await db
    .insert(agreementAcceptances)
    .values(row)
    .returning({ acceptedAt: agreementAcceptances.acceptedAt });
  return saved!;
}

/** A creator's latest acceptance of a contest's agreement, or undefined. */
export async function latestAcceptance(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<{ version: number; sha256: string; acceptedAt: Date } | undefined> {
  const [row] = await db
    .select({
      version: agreementAcceptances.version,
      sha256: agreementAcceptances.sha256,
      acceptedAt: agreementAcceptances.acceptedAt,
    })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.contestId, contestId), eq(agreementAcceptances.userId, userId)))
    .orderBy(desc(agreementAcceptances.acceptedAt), desc(agreementAcceptances.id))
    .limit(1);
  return row;
}

/**
 * Locks a contest's row and reads its publication status: `FOR UPDATE` while staff save a new
 * text (a publish in flight is waited for), `FOR KEY SHARE` while an acceptance is recorded (so it
 * waits for a save in flight and then checks against the version that save wrote).
 */
export async function lockContest(
  tx: DbOrTx,
  contestId: number,
  strength: 'update' | 'key share',
): Promise<{ publicationStatus: 'draft' | 'published' | 'archived' } | undefined> {
  const query = tx
    .select({ publicationStatus: contests.publicationStatus })
    .from(contests)
    .where(eq(contests.id, contestId));
  const [row] = await (strength === 'update' ? query.for('update') : query.for('key share'));
  return row;
}
