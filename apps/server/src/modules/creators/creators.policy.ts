import { MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/**
 * The creator dashboard (lists, counts, earnings, submissions) is for creators; each reads only
 * their own data, since every query is keyed by the caller's id.
 */
export function canUseCreatorDashboard(user: AuthUser): boolean {
  return user.role === 'creator';
}

/** A creator profile is read and edited by its creator only (the caller's own). */
export function canEditCreatorProfile(user: AuthUser): boolean {
  return user.role === 'creator';
}

/** Throws the API's 403 unless `allowed` holds for the signed-in user. */
export function assertAllowed(allowed: (user: AuthUser) => boolean, user: AuthUser): void {
  if (!allowed(user)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
}
