import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { uploadSlots } from '../../db/schema/index';

/**
 * Multipart uploads under way, in the database (table `upload_slots`), so every app process
 * counts those of the others: a creator gets UPLOAD_MAX_CONCURRENT uploads at once whatever the
 * number of processes behind the balancer. A slot lives for one upload request; it is renewed
 * while the request runs, so a slot whose process died stops counting SLOT_TTL_SECONDS later.
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

const expiresSoon = sql`now() + make_interval(secs => ${SLOT_TTL_SECONDS})`;

/**
 * Takes an upload slot for `ownerId` once `check` (the quotas, which count the slots) passes, as
 * one step per creator: two requests of one creator on two processes cannot both see a free slot.
 * Returns the function that gives the slot back (call it however the request ends).
 */
export async function takeUploadSlot(
  db: Database,
  ownerId: number,
  check: (tx: DbOrTx) => Promise<void>,
): Promise<() => Promise<void>> {
  const slotId = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SLOT_LOCK}, ${ownerId})`);
    // Slots of processes that died, no longer counted: removed when their owner uploads again.
    await tx
      .delete(uploadSlots)
      .where(and(eq(uploadSlots.ownerId, ownerId), lte(uploadSlots.expiresAt, sql`now()`)));
    await check(tx);
    const [slot] = await tx
      .insert(uploadSlots)
      .values({ ownerId, expiresAt: expiresSoon })
      .returning({ id: uploadSlots.id });
    return slot!.id;
  });
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
