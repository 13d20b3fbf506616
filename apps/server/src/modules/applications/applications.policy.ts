import { MESSAGES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';

/**
 * Who does what with a contest's applications. Reading, selecting, declining, shipping and the
 * shipping list: staff and the contest's brand (the contests service checks the brand). Withdrawing
 * a selected creator and releasing held applications in bulk: staff only.
 */
export function assertStaffOnly(user: { role: Role }): void {
  if (user.role !== 'staff') throw new AppError('forbidden', MESSAGES.generic.forbidden);
}
