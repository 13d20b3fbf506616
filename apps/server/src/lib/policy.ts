import { MESSAGES, type BrandRole, type Role } from '@app/domain';
import { AppError } from './errors';

/**
 * The API's policy vocabulary: every "who may" check of a route or service is one of these (or a
 * module rule built from them, in `<module>.policy.ts`). Routes declare the role-only checks as
 * preHandlers (`app.requireUser`, `app.requireRole(...)`, `app.requireStaff`, plugins/auth.ts),
 * which call the assertions below; a check that needs a loaded record (the contest's brand, an
 * action named in the body) is made in the service with the same assertions.
 *
 * Status codes and bodies: 401 `not_authenticated` when nobody is signed in, 403 `forbidden` with
 * the generic message unless the caller passes the rule's own message.
 */

/**
 * Who is asking: a signed-in account as its verified access token names it, with the brand a brand
 * user belongs to (null for everyone else), resolved once per request by the auth plugin's access
 * check. Routes hand it to services; every rule reads it.
 */
export interface Caller {
  id: number;
  role: Role;
  brandId: number | null;
  /**
   * A brand user's role in its brand's team (issue 49), resolved with the brand; null for everyone
   * else (and a brand user of no brand). Rules read it through accounts' `brandMay`.
   */
  brandRole?: BrandRole | null;
  /** The account's token version when the token was signed (see plugins/auth.ts). */
  tokenVersion?: number;
  /** The session (refresh-token family) the token was issued for. */
  sessionId?: string;
}

/** The roles a contest counts as its own people: staff run every contest, a brand user its brand's. */
export type ContestRole = Extract<Role, 'staff' | 'brand'>;

const forbidden = (detail: string) => new AppError('forbidden', detail);

/** 401 unless someone is signed in. */
export function assertSignedIn<T extends Pick<Caller, 'id' | 'role'>>(
  user: T | undefined,
): asserts user is T {
  if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
}

export function hasRole(user: Pick<Caller, 'role'> | undefined, ...roles: Role[]): boolean {
  return user !== undefined && roles.includes(user.role);
}

/** 403 unless the caller has one of `roles`. */
export function assertRole(
  user: Pick<Caller, 'role'>,
  roles: readonly Role[],
  detail: string = MESSAGES.generic.forbidden,
): void {
  if (!roles.includes(user.role)) throw forbidden(detail);
}

export function isStaff(user: Pick<Caller, 'role'> | undefined): boolean {
  return hasRole(user, 'staff');
}

/** "Staff only": 403 for everyone else. */
export function assertStaff(user: Pick<Caller, 'role'>, detail: string = MESSAGES.generic.forbidden): void {
  assertRole(user, ['staff'], detail);
}

/**
 * "Staff or this contest's brand": staff, or a brand user of the brand that runs the contest.
 * `roles` narrows who counts (`['brand']`: the contest's brand only).
 */
export function isContestMember(
  member: Caller | undefined,
  contest: { brandId: number },
  roles: readonly ContestRole[] = ['staff', 'brand'],
): boolean {
  if (!member) return false;
  if (member.role === 'staff') return roles.includes('staff');
  return (
    member.role === 'brand' &&
    roles.includes('brand') &&
    member.brandId !== null &&
    member.brandId === contest.brandId
  );
}

/** 403 unless the caller is staff or a user of the contest's brand (see `isContestMember`). */
export function assertContestMember(
  member: Caller,
  contest: { brandId: number },
  detail: string = MESSAGES.generic.forbidden,
  roles: readonly ContestRole[] = ['staff', 'brand'],
): void {
  if (!isContestMember(member, contest, roles)) throw forbidden(detail);
}
