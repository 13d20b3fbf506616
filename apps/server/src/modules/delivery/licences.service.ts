import {
  LICENCE_MESSAGES,
  licenceStatus,
  type EntryLicence,
  type LicenceVerification,
  type RevokeLicenceBody,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import type { Caller } from '../../plugins/auth';
import { brandNamesOf, namesOf, reviewersOf } from '../accounts';
import { recordAudit } from '../audit';
import { contestTitlesOf } from '../contests';
import { createPlacedEntryLoader, type DeliveryServiceDeps } from './delivery-loading';
import type { DeliveryPorts } from './delivery.ports';
import { isLicenceParty } from './delivery.policy';
import { createLicenceExtensions, currencyOf, extensionsOf } from './licence-extensions';
import { verifyUrl } from './licence-issuing';
import { createLicenceEmails } from './licences.emails';
import * as repo from './licences.repository';

/** Public verifications per client address and minute (shared by every app process). */
const VERIFY_PER_MINUTE = 60;

/**
 * Licences with terms (issue 51): each placed entry's licence, read by the contest's brand, staff
 * and the creator, and checked by anyone holding its certificate (the id is the only key).
 */
export function createLicencesService(
  deps: DeliveryServiceDeps,
  ports: DeliveryPorts,
  clock: () => Date = () => new Date(),
) {
  const db = deps.database.db;
  const loadPlaced = createPlacedEntryLoader(deps, ports);
  const emails = createLicenceEmails(deps);

  const present = async (licence: repo.LicenceRow): Promise<EntryLicence> => ({
    id: licence.id,
    status: licenceStatus(licence, clock()),
    starts_at: licence.startsAt.toISOString(),
    ends_at: licence.endsAt.toISOString(),
    channels: licence.channels,
    territories: licence.territories,
    exclusive: licence.exclusive,
    master_sha256: licence.masterSha256,
    verify_url: verifyUrl(deps.config.PUBLIC_URL, licence.id),
    currency: await currencyOf(deps, licence.contestId),
    extensions: await extensionsOf(deps, licence),
  });

  /** The creator's and the brand's users' addresses (a licence's parties), or one side's. */
  async function partiesOf(licence: repo.LicenceRow, side?: 'creator' | 'brand'): Promise<string[]> {
    const brandSide = side === 'creator' ? [] : await reviewersOf(db, licence.brandId);
    const names = await namesOf(db, side === 'brand' ? brandSide : [licence.creatorId, ...brandSide]);
    return [...names]
      .filter(([id, user]) => isLicenceParty({ id, role: user.role }, licence))
      .map(([, user]) => user.email);
  }

  /** Tells a licence's parties (creator, brand users) of an event, naming the film and contest. */
  async function noticeOf(licence: repo.LicenceRow, side?: 'creator' | 'brand') {
    const titles = await contestTitlesOf(db, [licence.contestId]);
    return {
      to: await partiesOf(licence, side),
      title: licence.title,
      contest: titles.get(licence.contestId) ?? '',
      verifyUrl: verifyUrl(deps.config.PUBLIC_URL, licence.id),
    };
  }

  const extensions = createLicenceExtensions(deps, { clock, noticeOf });

  return {
    /** Extensions: the brand proposes, the creator accepts or declines (licence-extensions.ts). */
    proposeExtension: extensions.propose,
    acceptExtension: extensions.accept,
    declineExtension: extensions.decline,

    /**
     * The expiry reminders due now (the job queue's hourly sweep): 7 days before the end, then 30
     * (a licence already within 7 days gets the 7-day one only); each sent once per licence.
     */
    async sendExpiryReminders(): Promise<number> {
      let sent = 0;
      for (const days of [7, 30] as const) {
        for (const licence of await repo.claimReminders(db, days, clock())) {
          await emails.sendReminder(await noticeOf(licence), days, licence.endsAt.toISOString().slice(0, 10));
          sent += 1;
        }
      }
      return sent;
    },

    /** A placed entry's licence (issued on first need); 404 before results or for no place. */
    async licenceOfEntry(user: Caller, entryId: number): Promise<EntryLicence> {
      const { licence } = await loadPlaced(entryId, user);
      return present(licence);
    },

    /**
     * Staff revoke a licence (a takedown) with a reason: audited (`licence.revoke`), the creator and
     * the brand's users told by e-mail. 404 for an unknown id, 409 when it already was revoked.
     */
    async revoke(user: Caller, licenceId: string, body: RevokeLicenceBody): Promise<EntryLicence> {
      const found = await repo.findLicence(db, licenceId);
      if (!found) throw new AppError('not_found', LICENCE_MESSAGES.notFound);
      const revoked = await db.transaction(async (tx) => {
        const row = await repo.revokeLicence(tx, licenceId, { reason: body.reason, at: clock() });
        if (!row) throw new AppError('conflict', LICENCE_MESSAGES.alreadyRevoked);
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'licence.revoke',
          targetType: 'licence',
          targetId: licenceId,
          before: { revoked_at: null },
          after: { revoked_at: row.revokedAt!.toISOString(), reason: body.reason, entry_id: row.entryId },
        });
        return row;
      });
      await emails.sendRevoked(await noticeOf(revoked), body.reason);
      return present(revoked);
    },

    /**
     * The public check of a licence by its id: status, parties, terms and the master's SHA-256.
     * Rate-limited per address; 404 for an id no licence has.
     */
    async verify(licenceId: string, ip: string): Promise<LicenceVerification> {
      await throttle(deps.database, {
        key: `licence-verify:ip:${ip}`,
        limit: VERIFY_PER_MINUTE,
        windowSeconds: 60,
      });
      const licence = await repo.findLicence(db, licenceId);
      if (!licence) throw new AppError('not_found', LICENCE_MESSAGES.notFound);
      const [brands, titles] = await Promise.all([
        brandNamesOf(db, [licence.brandId]),
        contestTitlesOf(db, [licence.contestId]),
      ]);
      return {
        status: licenceStatus(licence, clock()),
        brand: brands.get(licence.brandId) ?? '',
        contest: titles.get(licence.contestId) ?? '',
        title: licence.title,
        channels: licence.channels,
        territories: licence.territories,
        exclusive: licence.exclusive,
        starts_at: licence.startsAt.toISOString(),
        ends_at: licence.endsAt.toISOString(),
        master_sha256: licence.masterSha256,
      };
    },
  };
}

export type LicencesService = ReturnType<typeof createLicencesService>;
