import { DELIVERY_MESSAGES } from '@app/domain';
import { assertRole } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';

/**
 * Who receives a winning entry's delivery: staff and users of the contest's brand (the entry's
 * visibility already admitted only those and the entrant). The entrant sees the entry, so gets 403.
 */
export function assertCanReceiveDelivery(user: Caller): void {
  assertRole(user, ['staff', 'brand'], DELIVERY_MESSAGES.notDeliveryViewer);
}

/** Who hears of a licence's events (reminders, revocation): its creator and the brand's users, not staff. */
export function isLicenceParty(user: { id: number; role: string }, licence: { creatorId: number }): boolean {
  return user.id === licence.creatorId || user.role === 'brand';
}
