import { and, count, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { uploadSlots } from '../../db/schema/index';

/**
 * Uploads under way, in the database (table `upload_slots`), so every app process counts those of
 * the others: a creator gets UPLOAD_MAX_CONCURRENT uploads at once whatever the number of
 * processes behind the balancer. A multipart upload's slot lives for its request and is renewed
 * while the request runs, so a slot whose process died stops counting SLOT_TTL_SECONDS later. A
 * resumable upload's slot lives until it finishes, is cancelled or expires (24 h).
 */
export const SLOT_TTL_SECONDS = 120;
const RENEW_EVERY_MS = (SLOT_TTL_SECONDS * 1000) / 4;
/** First key of the per-creator advisory lock that makes "count, then take a slot" one step. */
const SLOT_LOCK = 0x75706c64; // 'upld'

/** Multipart uploads `ownerId` has under way in any process (expired slots do not count). */
export async function countUploadSlots(db: DbOrTx, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploadSlots)
    .where(and(eq(uploadSlots.ownerId, ownerId), gt(uploadSlots.expiresAt, sql`now()`)));
  return Number(row?.n ?? 0);
}

const expiresIn = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
const expiresSoon = expiresIn(SLOT_TTL_SECONDS);

/**
 * Inserts a slot for `ownerId` once `check` (the quotas, which count the slots) passes, as one
 * step per creator: two requests of one creator on two processes cannot both see a free slot.
 */
async function reserveSlot(
  db: Database,
  ownerId: number,
  slot: { expiresAt: SQL; uploadId?: string },
  check: (tx: DbOrTx) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK}, ${ownerId})`);
    // Slots no longer counted (a process that died, an abandoned upload): removed when their
    // owner uploads again.
    await tx
      .delete(uploadSlots)
      .where(and(eq(uploadSlots.ownerId, ownerId), lte(uploadSlots.expiresAt, sql`now()`)));
    await check(tx);
    const [row] = await tx
      .insert(uploadSlots)
      .values({ ownerId, ...slot })
      .returning({ id: uploadSlots.id });
    return row!.id;
  });
}

/**
 * Takes an upload slot for one multipart upload request (see reserveSlot). Returns the function
 * that gives the slot back (call it however the request ends).
 */
export async function takeUploadSlot(
  db: Database,
  ownerId: number,
  check: (tx: DbOrTx) => Promise<void>,
): Promise<() => Promise<void>> {
  const slotId = await reserveSlot(db, ownerId, { expiresAt: expiresSoon }, check);
  // A slow upload keeps its slot for as long as it runs. A renewal that fails (the database
  // briefly away) only lets the slot expire early.
  const renewing = setInterval(
    () =>
      void db
        .update(uploadSlots)
        .set({ expiresAt: expiresSoon })
        .where(eq(uploadSlots.id, slotId))
        .catch(() => undefined),
    RENEW_EVERY_MS,
  );
  renewing.unref();
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    clearInterval(renewing);
    // If the database is away now, the slot, no longer renewed, expires on its own.
    await db
      .delete(uploadSlots)
      .where(eq(uploadSlots.id, slotId))
      .catch(() => undefined);
  };
}

/**
 * Takes the slot of resumable upload `uploadId` (see reserveSlot), held until
 * `releaseResumableSlot` or, for an upload left unfinished, until it expires `lifetimeMs` later.
 */
export async function takeResumableSlot(
  db: Database,
  ownerId: number,
  uploadId: string,
  lifetimeMs: number,
  check: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  await reserveSlot(db, ownerId, { expiresAt: expiresIn(lifetimeMs / 1000), uploadId }, check);
}

/** Gives back the slot of resumable upload `uploadId` (finished, cancelled or never created). */
export async function releaseResumableSlot(db: DbOrTx, uploadId: string): Promise<void> {
  await db.delete(uploadSlots).where(eq(uploadSlots.uploadId, uploadId));
}

/** Removes every expired slot (the hourly sweep; a creator's next upload removes theirs anyway). */
export async function removeExpiredSlots(db: DbOrTx): Promise<void> {
  await db.delete(uploadSlots).where(lte(uploadSlots.expiresAt, sql`now()`));
}
