import {
  formatMoney,
  LICENCE_MESSAGES,
  licenceEnds,
  type LicenceExtension,
  type ProposeExtensionBody,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { brandNamesOf } from '../accounts';
import { recordAudit } from '../audit';
import { judgingContestOf } from '../contests';
import { awardEarning } from '../payouts';
import type { DeliveryServiceDeps } from './delivery-loading';
import { assertCanDecideExtension, assertCanProposeExtension } from './delivery.policy';
import type { LicenceNotice } from './licences.emails';
import { createLicenceEmails } from './licences.emails';
import * as repo from './licences.repository';

const day = (date: Date) => date.toISOString().slice(0, 10);
const licenceNotFound = () => new AppError('not_found', LICENCE_MESSAGES.notFound);

/** What the licences' parts share (licences.service.ts). */
export interface LicenceShared {
  clock: () => Date;
  /** A notice to the licence's parties (both, or one side), naming the film and contest. */
  noticeOf(licence: repo.LicenceRow, to?: 'creator' | 'brand'): Promise<LicenceNotice>;
}

/** The currency a licence's money is in: its contest's. */
export async function currencyOf(deps: DeliveryServiceDeps, contestId: number): Promise<string> {
  return (await judgingContestOf(deps.database.db, contestId))?.currency ?? 'USD';
}

export function presentExtension(row: repo.ExtensionRow, currency: string): LicenceExtension {
  return {
    id: row.id,
    licence_id: row.licenceId,
    months: row.months,
    fee_cents: row.feeCents,
    currency,
    status: row.status,
    proposed_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** A licence's extensions as its answer lists them, newest first. */
export async function extensionsOf(deps: DeliveryServiceDeps, licence: repo.LicenceRow) {
  const rows = await repo.findExtensionsOf(deps.database.db, [licence.id]);
  if (!rows.length) return [];
  const currency = await currencyOf(deps, licence.contestId);
  return rows.map((row) => presentExtension(row, currency));
}

/**
 * Licence extensions (issue 51): the brand proposes months and a fee, the creator accepts (the end
 * moves by the months from the current end; the fee goes on the ledger as a pending earning of
 * kind `licence_extension`, paid like a prize) or declines (nothing changes).
 */
export function createLicenceExtensions(deps: DeliveryServiceDeps, shared: LicenceShared) {
  const db = deps.database.db;
  const emails = createLicenceEmails(deps);
  const entryUrl = (licence: repo.LicenceRow) => `${deps.config.PUBLIC_URL}/entries/${licence.entryId}`;

  async function extensionNotice(licence: repo.LicenceRow, extension: repo.ExtensionRow, endsAt: Date) {
    const [brands, currency] = await Promise.all([
      brandNamesOf(db, [licence.brandId]),
      currencyOf(deps, licence.contestId),
    ]);
    return {
      months: extension.months,
      fee: formatMoney(extension.feeCents, currency),
      brand: brands.get(licence.brandId) ?? 'The brand',
      endsOn: day(endsAt),
      entryUrl: entryUrl(licence),
    };
  }

  /** The extension and its licence, for its creator; 409 once it was answered or the licence revoked. */
  async function loadOpen(user: Caller, extensionId: number) {
    const extension = await repo.findExtension(db, extensionId);
    const licence = extension && (await repo.findLicence(db, extension.licenceId));
    if (!extension || !licence) throw new AppError('not_found', LICENCE_MESSAGES.extensionNotFound);
    assertCanDecideExtension(user, licence);
    if (extension.status !== 'proposed') throw new AppError('conflict', LICENCE_MESSAGES.extensionDecided);
    if (licence.revokedAt) throw new AppError('conflict', LICENCE_MESSAGES.extensionRevoked);
    return { extension, licence };
  }

  const decided = () => new AppError('conflict', LICENCE_MESSAGES.extensionDecided);

  /** Tells the brand's users of the creator's answer (inbox and e-mail). */
  async function tellBrand(licence: repo.LicenceRow, extension: repo.ExtensionRow, accepted: boolean) {
    await emails.sendDecided(
      await shared.noticeOf(licence, 'brand'),
      await extensionNotice(licence, extension, licence.endsAt),
      accepted,
    );
  }

  return {
    /**
     * Staff or the brand's owners and managers propose an extension (audited
     * `licence.extension.propose`); the creator is told. 409 on a revoked licence and while
     * another proposal waits.
     */
    async propose(user: Caller, licenceId: string, body: ProposeExtensionBody): Promise<LicenceExtension> {
      const licence = await repo.findLicence(db, licenceId);
      if (!licence) throw licenceNotFound();
      assertCanProposeExtension(user, licence);
      if (licence.revokedAt) throw new AppError('conflict', LICENCE_MESSAGES.extensionRevoked);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertExtension(tx, {
          licenceId,
          months: body.months,
          feeCents: body.fee_cents,
          proposedBy: user.id,
        });
        if (!inserted) throw new AppError('conflict', LICENCE_MESSAGES.extensionOpen);
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'licence.extension.propose',
          targetType: 'licence',
          targetId: licenceId,
          after: { extension_id: inserted.id, months: body.months, fee_cents: body.fee_cents },
        });
        return inserted;
      });
      await emails.sendProposed(
        await shared.noticeOf(licence, 'creator'),
        await extensionNotice(licence, row, licenceEnds(licence.endsAt, row.months)),
      );
      return presentExtension(row, await currencyOf(deps, licence.contestId));
    },

    /**
     * The creator accepts: in one transaction the proposal is answered, the licence's end moves by
     * its months (its expiry reminders due again) and a fee above 0 goes on the ledger as a pending
     * `licence_extension` earning. The brand is told.
     */
    async accept(user: Caller, extensionId: number): Promise<LicenceExtension> {
      const { licence } = await loadOpen(user, extensionId);
      const currency = await currencyOf(deps, licence.contestId);
      const { row, extended } = await db.transaction(async (tx) => {
        const answered = await repo.decideExtension(tx, extensionId, {
          status: 'accepted',
          at: shared.clock(),
        });
        if (!answered) throw decided();
        const moved = await repo.extendLicence(tx, licence.id, licenceEnds(licence.endsAt, answered.months));
        if (!moved) throw new AppError('conflict', LICENCE_MESSAGES.extensionRevoked);
        const fee = {
          userId: licence.creatorId,
          contestId: licence.contestId,
          entryId: licence.entryId,
          amountCents: answered.feeCents,
          currency,
        };
        await awardEarning(tx, 'licence_extension', fee, null);
        return { row: answered, extended: moved };
      });
      await tellBrand(extended, row, true);
      return presentExtension(row, currency);
    },

    /** The creator declines: the licence keeps its end; the brand is told. */
    async decline(user: Caller, extensionId: number): Promise<LicenceExtension> {
      const { licence } = await loadOpen(user, extensionId);
      const row = await repo.decideExtension(db, extensionId, { status: 'declined', at: shared.clock() });
      if (!row) throw decided();
      await tellBrand(licence, row, false);
      return presentExtension(row, await currencyOf(deps, licence.contestId));
    },
  };
}
