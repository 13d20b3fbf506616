import { JUDGING_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';

/**
 * Judges of a contest are its members (lib/policy.ts `isContestMember`: staff and the users of the
 * contest's brand); a non-judge is told `JUDGING_MESSAGES.judgesOnly`. Ranking and results are
 * staff's (`assertStaff`).
 */

/** A scorecard is read by its entrant (and staff). */
export function assertCanReadScorecard(user: Caller, entrantId: number): void {
  if (!isStaff(user) && user.id !== entrantId) throw new AppError('forbidden', JUDGING_MESSAGES.entrantOnly);
}
