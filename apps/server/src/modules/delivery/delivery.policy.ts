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
