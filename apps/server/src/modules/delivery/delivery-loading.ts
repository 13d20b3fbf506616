import {
  DELIVERY_MESSAGES,
  channelList,
  licenceGrantText,
  territoryList,
  MESSAGES,
  type EntryVersion,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { brandNamesOf } from '../accounts';
import { findPublishedPlace } from '../judging';
import { videoOriginal } from '../videos';
import type { DeliveryPorts } from './delivery.ports';
import { assertCanReceiveDelivery } from './delivery.policy';
import { ensureLicence, verifyUrl } from './licence-issuing';

export type DeliveryServiceDeps = Pick<AppDeps, 'database' | 'storage' | 'queue' | 'config' | 'log'>;

const notDelivered = () => new AppError('not_found', DELIVERY_MESSAGES.notDelivered);
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A placed entry, for a caller who may see it: the entry, its published place, the judged version
 * and its original, and its licence (issued here the first time it is needed).
 */
export function createPlacedEntryLoader(deps: DeliveryServiceDeps, ports: DeliveryPorts) {
  const db = deps.database.db;
  const { entries } = ports;

  /**
   * 404 for whoever may not see the entry; `beforePlace` runs next (delivery's 403 for the
   * entrant); 404 (with why) before results or for an entry that placed nowhere, 404 when the
   * original file is gone.
   */
  return async function loadPlaced(entryId: number, user: Caller, beforePlace?: (user: Caller) => void) {
    const { row: entry } = await entries.loadVisible(entryId, user);
    beforePlace?.(user);
    const place = await findPublishedPlace(db, entryId);
    if (!place) throw notDelivered();
    const versions = (await entries.versionsOf([entryId], user)).get(entryId) ?? [];
    const last: EntryVersion | undefined = versions[versions.length - 1];
    // Placed entries are films (the last round's, issue 47): a version without a video is not delivered.
    if (!last?.video) throw notDelivered();
    const judged = { ...last, video: last.video };
    const original = await videoOriginal(deps, judged.video.id);
    if (!original) throw new AppError('not_found', MESSAGES.generic.notFound);
    const licence = await ensureLicence(db, { entry, place, judged, original });
    return { entry, place, judged, original, licence };
  };
}

/**
 * Everything a delivery states, for a caller who may receive it: the placed entry, the brand, the
 * agreement the winner accepted and the licence's terms, dates, id and verification link.
 */
export function createDeliveryLoader(deps: DeliveryServiceDeps, ports: DeliveryPorts) {
  const db = deps.database.db;
  const loadPlaced = createPlacedEntryLoader(deps, ports);

  return async function load(entryId: number, user: Caller) {
    const placed = await loadPlaced(entryId, user, assertCanReceiveDelivery);
    const { entry, licence: row } = placed;
    const [brands, agreement] = await Promise.all([
      brandNamesOf(db, [entry.contestBrandId]),
      ports.acceptedAgreement(db, { contestId: entry.contestId, userId: entry.userId }),
    ]);
    const brandName = brands.get(entry.contestBrandId) ?? '';
    return {
      ...placed,
      brandName,
      agreement,
      licence: {
        id: row.id,
        terms: licenceGrantText(brandName, row.exclusive),
        channels: channelList(row.channels),
        territories: territoryList(row.territories),
        exclusivity: row.exclusive ? 'Exclusive' : 'Non-exclusive',
        startsOn: day(row.startsAt),
        endsOn: day(row.endsAt),
        verifyUrl: verifyUrl(deps.config.PUBLIC_URL, row.id),
      },
    };
  };
}

export type LoadedDelivery = Awaited<ReturnType<ReturnType<typeof createDeliveryLoader>>>;
