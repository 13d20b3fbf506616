import { ACCOUNT_MESSAGES, STAFF_MESSAGES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';
import { hasRole, isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';

/**
 * The accounts module's rules. Who may call a route is declared by the route: the current user and
 * the password change need a signed-in user (`app.requireUser`); the staff console's accounts and
 * invitations are staff's (the staff plugin's `app.requireStaff`). The rules below read an account
 * or an invitation: what its role gives it, and what may be done to it.
 */

/** A creator's account has a creator profile (the creators module's); brand and staff ones none. */
export function hasCreatorProfile(role: Role): boolean {
  return role === 'creator';
}

/**
 * A brand user belongs to a brand: the account has a brand profile (company name and logo, shown
 * with it), and the invitation to it names the brand. Staff belong to none.
 */
export function belongsToBrand(role: Role): boolean {
  return role === 'brand';
}

/**
 * Google sign-in is for creators only: an address Google vouches for is not proof enough for the
 * powers of a staff or brand account (issue 18 L9).
 */
export function assertCanSignInWithGoogle(account: { role: Role }): void {
  if (!hasRole(account, 'creator'))
    throw new AppError('forbidden', ACCOUNT_MESSAGES.googleNotForStaffOrBrand);
}

/** Staff deactivate any account but their own. */
export function assertCanDeactivate(actor: Caller, accountId: number): void {
  if (accountId === actor.id) throw new AppError('forbidden', STAFF_MESSAGES.cannotDeactivateSelf);
}

/**
 * Deactivating a staff account must leave another active one (someone runs the console): the
 * service counts them under a lock and answers 409 otherwise.
 */
export function mustLeaveAnotherStaff(account: { role: Role }): boolean {
  return isStaff(account);
}
