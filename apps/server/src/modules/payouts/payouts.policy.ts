import { MESSAGES, STAFF_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** Only staff see earnings and record payouts. 401 anonymous, 403 creators and brands. */
export function assertCanManagePayouts(user: AuthUser | undefined): asserts user is AuthUser {
  if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
  if (user.role !== 'staff') throw new AppError('forbidden', STAFF_MESSAGES.staffOnly);
}
