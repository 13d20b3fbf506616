import { DELIVERY_MESSAGES, LICENCE_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { assertRole, hasRole, isStaff } from '../../lib/policy';
import { brandMay, brandRoleGuard } from '../accounts';
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

/**
 * Who may propose a licence extension, as a route declares it (after staff-or-brand): staff, and
 * the brand's owners and managers; reviewers and viewers get 403 before anything is read.
 */
export const licenceExtenders = brandRoleGuard('manage');

/**
 * Staff, and the owners and managers of the licence's brand, propose its extensions; another
 * brand's users do not see the licence (404).
 */
export function assertCanProposeExtension(user: Caller, licence: { brandId: number }): void {
  if (isStaff(user)) return;
  if (!hasRole(user, 'brand') || user.brandId !== licence.brandId)
    throw new AppError('not_found', LICENCE_MESSAGES.notFound);
  if (!brandMay(user, 'manage')) throw new AppError('forbidden', LICENCE_MESSAGES.extensionProposers);
}

/**
 * Only the licence's creator answers its extension: the route admits creators only (403 for staff
 * and brands); another creator does not see it (404).
 */
export function assertCanDecideExtension(user: Caller, licence: { creatorId: number }): void {
  if (user.id !== licence.creatorId) throw new AppError('not_found', LICENCE_MESSAGES.extensionNotFound);
}
