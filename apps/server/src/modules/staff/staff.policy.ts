import { MESSAGES, STAFF_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** Only the platform team (staff) uses the staff console and its API. */
export function canUseStaffConsole(user: AuthUser | undefined): boolean {
  return user?.role === 'staff';
}

/** 401 for anonymous requests, 403 for creators and brands. */
export function assertCanUseStaffConsole(user: AuthUser | undefined): asserts user is AuthUser {
  if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
  if (!canUseStaffConsole(user)) throw new AppError('forbidden', STAFF_MESSAGES.staffOnly);
}
