import { AUDIENCE_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import { isContestMember } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';
import { brandRoleGuard } from '../accounts';

/**
 * Who runs and reads an audience award (issue 50). Setting it up is staff's and the contest's
 * brand's (owners and managers: `brandRoleGuard('manage')` on the route); voiding, releasing,
 * the clusters, the CSV and the award are staff's (declared by their routes).
 */
export const awardRunners = brandRoleGuard('manage');

/** Staff and the contest's brand run its audience award: 403 for anyone else. */
export function assertCanRunAward(caller: Caller, contest: { brandId: number }): void {
  if (!isContestMember(caller, contest)) throw new AppError('forbidden', AUDIENCE_MESSAGES.notSetUp);
}

/** A draft contest's award is seen only by those who run it (404 for anyone else, as the contest). */
export function canSeeAward(
  caller: Caller | undefined,
  contest: { brandId: number; publicationStatus: string },
): boolean {
  return contest.publicationStatus === 'published' || isContestMember(caller, contest);
}

/**
 * The tally (counts only, never who voted for what): staff and the contest's brand at any time,
 * everyone once voting has closed.
 */
export function canSeeTally(
  caller: Caller | undefined,
  contest: { brandId: number },
  closed: boolean,
): boolean {
  return closed || isContestMember(caller, contest);
}
