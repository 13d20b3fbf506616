import type { DbOrTx } from '../../db/client';
import * as repo from './accounts.repository';

/**
 * What the creator profile asks accounts about the account itself (creators never reads or writes
 * `users`): its name, phone and e-mail address, and the steps of an e-mail change.
 */

/** The account's id, e-mail, pending e-mail, name and phone, or undefined. */
export function identityOf(db: DbOrTx, userId: number) {
  return repo.findIdentity(db, userId);
}
export type Identity = NonNullable<Awaited<ReturnType<typeof identityOf>>>;
export type { IdentityChanges } from './accounts.repository';

/** Saves a new name, phone or pending e-mail address (call it in the caller's transaction). */
export function updateIdentity(tx: DbOrTx, userId: number, changes: repo.IdentityChanges): Promise<void> {
  return Object.keys(changes).length ? repo.updateIdentity(tx, userId, changes) : Promise.resolve();
}

/** True when another account already uses `email`. */
export function emailTakenByOther(db: DbOrTx, email: string, userId: number): Promise<boolean> {
  return repo.emailTakenByOther(db, email, userId);
}

/**
 * Swaps in the verified pending address, only if it is still the one the link was made for and
 * nobody took it meanwhile. Returns false when nothing changed.
 */
export function confirmPendingEmail(db: DbOrTx, userId: number, email: string): Promise<boolean> {
  return repo.setEmail(db, userId, email, { onlyIfPending: true });
}

/**
 * Puts the account's previous address back (the undo link sent to it) and cancels any pending
 * change, unless another account took that address meanwhile. Returns false when nothing changed.
 */
export function restoreEmail(db: DbOrTx, userId: number, email: string): Promise<boolean> {
  return repo.setEmail(db, userId, email, { onlyIfPending: false });
}

/** The account's token version (undo links are signed for it). */
export async function tokenVersionOf(db: DbOrTx, userId: number): Promise<number | undefined> {
  return (await repo.findAccountById(db, userId))?.tokenVersion;
}
