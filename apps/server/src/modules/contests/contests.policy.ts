import { MESSAGES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';

/** Only creators apply to contests (spec §6); brands and staff run them. */
export function canApply(user: { role: Role }): boolean {
  return user.role === 'creator';
}

export function assertCanApply(user: { role: Role }): void {
  if (!canApply(user)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
}
