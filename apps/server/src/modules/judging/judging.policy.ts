import { JUDGING_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { assertContestMember, isContestMember, isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';
import { brandRoleGuard } from '../accounts';

export { assertSignedIn } from '../../lib/policy';

/**
 * Who judges, ranks and reads what. Ranking, publishing and correcting results are staff's: their
 * routes declare it (`app.requireRole('staff')`, 403 with the generic message).
 */

/**
 * Of a brand's team, who scores its contests' entries: owners, managers and reviewers (issue 49);
 * a viewer gets 403. Declared by the scoring route after `requireUser`.
 */
export const brandScorers = brandRoleGuard('score');

/**
 * Of a brand's team, who advances creators from a round of its contests (issue 47): owners and
 * managers (`manage`), as who runs its contests; reviewers and viewers get 403. Declared by the
 * advance route after `requireUser`; the contest's membership is the service's (`requireJudge`).
 */
export const roundAdvancers = brandRoleGuard('manage');

/** Judges of a contest are its members (staff and the users of the contest's brand). */
export function canJudge(user: Caller, contest: { brandId: number }): boolean {
  return isContestMember(user, contest);
}

/** 403 `JUDGING_MESSAGES.judgesOnly` for anyone who does not judge the contest. */
export function assertCanJudge(user: Caller, contest: { brandId: number }): void {
  assertContestMember(user, contest, JUDGING_MESSAGES.judgesOnly);
}

/**
 * A round's ranking (issue 47): staff's; a round before the last is also read by the contest's
 * brand owners and managers (the route's `roundAdvancers`; membership is `requireJudge`'s), who
 * advance its creators. The last round's ranking is the contest's: staff's until the results.
 */
export function assertCanRankRound(user: Caller, round: { isFinal: boolean }): void {
  if (!isStaff(user) && round.isFinal) throw new AppError('forbidden', JUDGING_MESSAGES.roundRankingReaders);
}

/** A scorecard is read by its entrant (and staff). */
export function assertCanReadScorecard(user: Caller, entrantId: number): void {
  if (!isStaff(user) && user.id !== entrantId) throw new AppError('forbidden', JUDGING_MESSAGES.entrantOnly);
}
