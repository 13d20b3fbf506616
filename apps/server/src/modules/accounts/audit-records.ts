import type { DbOrTx } from '../../db/client';
import { appendAudit, type AuditEntryInput } from '../audit/audit.service';
import { namesOf } from './user-reads';

export type { AuditActor, AuditEntryInput } from '../audit/audit.service';

/**
 * Records one staff or brand action, with the acting user's e-mail address as it is now (read in
 * `tx`; `user <id>` when there is no such user). Call it with the transaction that makes the
 * change, so the change and its record commit or roll back together. It lives in accounts, which
 * owns the address, because audit sits below accounts and cannot ask it.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  const actor = entry.actor;
  const email = 'userId' in actor ? (await namesOf(tx, [actor.userId])).get(actor.userId)?.email : undefined;
  await appendAudit(tx, entry, email);
}
