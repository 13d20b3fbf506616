import { JUDGING_MESSAGES, MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** Judges of a contest: staff, and the users of the contest's brand. */
export function isJudge(user: AuthUser, contestBrandId: number, userBrandId: number | null): boolean {
  if (user.role === 'staff') return true;
  return user.role === 'brand' && userBrandId !== null && userBrandId === contestBrandId;
}

export function assertSignedIn(user: AuthUser | undefined): asserts user is AuthUser {
  if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
}

/** 403 for creators and other brands' users. */
export function assertJudge(user: AuthUser, contestBrandId: number, userBrandId: number | null): void {
  if (!isJudge(user, contestBrandId, userBrandId))
    throw new AppError('forbidden', JUDGING_MESSAGES.judgesOnly);
}

/** Ranking and results are staff's. */
export function assertStaff(user: AuthUser): void {
  if (user.role !== 'staff') throw new AppError('forbidden', MESSAGES.generic.forbidden);
}

/** A scorecard is read by its entrant (and staff). */
export function assertCanReadScorecard(user: AuthUser, entrantId: number): void {
  if (user.role !== 'staff' && user.id !== entrantId)
    throw new AppError('forbidden', JUDGING_MESSAGES.entrantOnly);
}
