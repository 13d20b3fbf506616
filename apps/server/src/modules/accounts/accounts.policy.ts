import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  BRAND_TEAM_MESSAGES,
  MESSAGES,
  STAFF_MESSAGES,
  brandRoleMay,
  type BrandAction,
  type BrandRole,
  type Role,
} from '@app/domain';
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

// ── Brand teams (issue 49) ─────────────────────────────────────────────────────────────────────

/**
 * What a brand's member may do on the brand's routes, by role (`BRAND_ROLE_GRANTS` in the domain,
 * which the web app reads too): the one rule set every module's policy and route builds on
 * (`brandMay`, `brandRoleGuard`). A member's brand must still be the record's brand: that rule
 * stays with each module (`isContestMember`).
 */
export type { BrandAction };

/**
 * Whether the caller's brand role allows `action`: only a brand user is limited by it (creators
 * and staff have their own rules, which the routes and policies state). A brand user without a
 * brand (no role) may do nothing a role grants.
 */
export function brandMay(
  caller: Pick<Caller, 'role' | 'brandRole'> | undefined,
  action: BrandAction,
): boolean {
  if (!caller || !hasRole(caller, 'brand')) return true;
  return !!caller.brandRole && brandRoleMay(caller.brandRole, action);
}

/** 403 (`BRAND_TEAM_MESSAGES.roleForbids`) when the caller's brand role does not allow `action`. */
export function assertBrandMay(caller: Caller, action: BrandAction): void {
  if (!brandMay(caller, action)) throw new AppError('forbidden', BRAND_TEAM_MESSAGES.roleForbids);
}

/**
 * A route's preHandler, after the one that signs the caller in (`app.requireRole(…)`): a brand
 * user whose role does not allow `action` gets 403 before anything is read. How every brand
 * route that changes something declares its brand role.
 */
export function brandRoleGuard(action: BrandAction) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.caller) assertBrandMay(request.caller, action);
  };
}

/** Staff, and the brand's own members (any role), see a brand's team. */
function canSeeTeam(caller: Caller, brandId: number): boolean {
  return isStaff(caller) || (hasRole(caller, 'brand') && caller.brandId === brandId);
}

/** Staff, and the brand's owners, change a brand's team. */
function canManageTeam(caller: Caller, brandId: number): boolean {
  return isStaff(caller) || (canSeeTeam(caller, brandId) && brandMay(caller, 'team'));
}

/** The brand `{id}` of a /api/brands/{id}/… route (its params are validated before preHandlers). */
const teamBrandOf = (request: FastifyRequest) => (request.params as { id: number }).id;

/**
 * The preHandler of the routes reading a brand's team (after `app.requireRole(...TEAM_ROUTE_ROLES)`):
 * staff and the brand's own members; 403 for anyone else.
 */
export async function teamReaders(request: FastifyRequest): Promise<void> {
  if (!request.caller || !canSeeTeam(request.caller, teamBrandOf(request)))
    throw new AppError('forbidden', MESSAGES.generic.forbidden);
}

/**
 * The preHandler of the routes changing a brand's team (invitations, roles, removals): staff and
 * the brand's owners; 403 (`BRAND_TEAM_MESSAGES.ownersOnly`) for anyone else.
 */
export async function teamChangers(request: FastifyRequest): Promise<void> {
  if (!request.caller || !canManageTeam(request.caller, teamBrandOf(request)))
    throw new AppError('forbidden', BRAND_TEAM_MESSAGES.ownersOnly);
}

/** An owner: the role a brand must keep at least one of (409 `last_owner`). */
export function isOwnerRole(role: BrandRole): boolean {
  return role === 'owner';
}

/** Whether giving a member `next` changes its role (the same role again changes nothing). */
export function changesRole(member: { role: BrandRole }, next: BrandRole): boolean {
  return member.role !== next;
}

/** Who reaches the team routes at all: brand users and staff (the brand is checked by the rules above). */
export const TEAM_ROUTE_ROLES: readonly Role[] = ['brand', 'staff'];
