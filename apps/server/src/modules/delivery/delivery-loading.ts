import { DELIVERY_MESSAGES, LICENCE_GRANT, licenceEnds, MESSAGES, type EntryVersion } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { brandNamesOf } from '../accounts';
import { findPublishedPlace } from '../judging';
import { videoOriginal } from '../videos';
import type { DeliveryPorts } from './delivery.ports';
import { assertCanReceiveDelivery } from './delivery.policy';

export type DeliveryServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notDelivered = () => new AppError('not_found', DELIVERY_MESSAGES.notDelivered);
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Everything a delivery states, for a caller who may receive it: the entry, its published place,
 * the judged version and its original, the brand, the agreement the winner accepted and the
 * licence's terms and dates.
 */
export function createDeliveryLoader(deps: DeliveryServiceDeps, ports: DeliveryPorts) {
  const db = deps.database.db;
  const { entries } = ports;

  /**
   * 404 for whoever may not see the entry, 403 for the entrant, 404 (with why) before results or
   * for an entry that placed nowhere, 404 when the original file is gone.
   */
  return async function load(entryId: number, user: Caller) {
    const { row: entry } = await entries.loadVisible(entryId, user);
    assertCanReceiveDelivery(user);
    const place = await findPublishedPlace(db, entryId);
    if (!place) throw notDelivered();
    const versions = (await entries.versionsOf([entryId], user)).get(entryId) ?? [];
    const judged: EntryVersion | undefined = versions[versions.length - 1];
    if (!judged) throw notDelivered();
    const [original, brands, agreement] = await Promise.all([
      videoOriginal(deps, judged.video.id),
      brandNamesOf(db, [entry.contestBrandId]),
      ports.acceptedAgreement(db, { contestId: entry.contestId, userId: entry.userId }),
    ]);
    if (!original) throw new AppError('not_found', MESSAGES.generic.notFound);
    const startsOn = place.publishedAt;
    const brandName = brands.get(entry.contestBrandId) ?? '';
    return {
      entry,
      place,
      judged,
      original,
      brandName,
      agreement,
      licence: {
        terms: LICENCE_GRANT.terms(brandName),
        startsOn: day(startsOn),
        endsOn: day(licenceEnds(startsOn)),
      },
    };
  };
}

export type LoadedDelivery = Awaited<ReturnType<ReturnType<typeof createDeliveryLoader>>>;
