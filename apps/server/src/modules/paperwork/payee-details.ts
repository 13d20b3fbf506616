import { PAYEE_FIELDS, type Payee, type PayeeBody, type PayeeField } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { createSealer, type Sealer } from '../../lib/sealed-text';
import type { Caller } from '../../plugins/auth';
import { namesOf } from '../accounts';
import { recordAudit } from '../audit';
import { createPaperworkEmails } from './paperwork.emails';
import { toPayee } from './paperwork.presenter';
import * as repo from './paperwork.repository';

/**
 * The payee details a creator's prizes are paid to: the creator enters and changes them (each
 * change audited and e-mailed), staff read them to pay (each read audited). The taxpayer id is
 * sealed at rest.
 */
export function createPayeeDetails(deps: Pick<AppDeps, 'database' | 'queue' | 'config' | 'log'>) {
  const db = deps.database.db;
  const emails = createPaperworkEmails(deps);
  const sealer = createSealer(deps.config.PAYEE_DATA_KEY);

  return {
    /** The creator's own payee details; null until entered (a normal state, not an error). */
    async payee(user: Caller): Promise<Payee | null> {
      const row = await repo.findPayee(db, user.id);
      return row ? toPayee(row) : null;
    },

    /**
     * Enters or replaces the creator's payee details; the taxpayer id is sealed at once. Where a
     * prize is paid is a security matter: each save is audited (which fields changed, never their
     * values) and the creator is e-mailed, so a change they did not make does not go unnoticed.
     */
    async savePayee(user: Caller, body: PayeeBody): Promise<Payee> {
      const taxId = body.tax_id.toUpperCase();
      const { row, changed } = await db.transaction(async (tx) => {
        const before = await repo.findPayee(tx, user.id);
        const saved = await repo.upsertPayee(tx, {
          userId: user.id,
          legalName: body.legal_name,
          country: body.country,
          address: body.address,
          taxForm: body.tax_form,
          taxIdSealed: sealer.seal(taxId),
          taxIdLast4: taxId.slice(-4),
        });
        const fields = changedPayeeFields(before, saved, taxId, sealer);
        // The fields' names only: the values are personal data, the taxpayer id a secret.
        if (fields.length)
          await recordAudit(tx, {
            actor: { userId: user.id },
            action: 'payee.update',
            targetType: 'user',
            targetId: user.id,
            before: { entered: Boolean(before) },
            after: { changed: fields },
          });
        return { row: saved, changed: fields };
      });
      if (changed.length) {
        const email = (await namesOf(db, [user.id])).get(user.id)?.email;
        if (email) await emails.sendPayeeChanged({ to: email, changed, at: row.updatedAt });
      }
      return toPayee(row);
    },

    /**
     * A creator's payee details as staff see them when paying (the id by its last four), null
     * until entered; each read of existing details is audited.
     */
    async payeeForStaff(actor: Caller, userId: number): Promise<Payee | null> {
      const row = await repo.findPayee(db, userId);
      if (!row) return null;
      await recordAudit(db, {
        actor: { userId: actor.id },
        action: 'payee.view',
        targetType: 'user',
        targetId: userId,
      });
      return toPayee(row);
    },
  };
}

/**
 * The payee fields (as the API names them) that differ between the details saved before, if any
 * (every field when none were), and those just saved with the taxpayer id `taxId`.
 */
function changedPayeeFields(
  before: repo.PayeeRow | undefined,
  after: repo.PayeeRow,
  taxId: string,
  sealer: Sealer,
): PayeeField[] {
  const same: Record<PayeeField, (old: repo.PayeeRow) => boolean> = {
    legal_name: (old) => old.legalName === after.legalName,
    country: (old) => old.country === after.country,
    address: (old) => old.address === after.address,
    tax_form: (old) => old.taxForm === after.taxForm,
    // Sealing is randomised: the old id is compared opened (one that no longer opens differs).
    tax_id: (old) => {
      try {
        return sealer.open(old.taxIdSealed) === taxId;
      } catch {
        return false;
      }
    },
  };
  return PAYEE_FIELDS.filter((field) => !before || !same[field](before));
}
