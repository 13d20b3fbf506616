import { isContestMember } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';

/** A contest's insights are for staff and the contest's brand (another brand's users see nothing). */
export function canSeeContestInsights(user: Caller, contest: { brandId: number }): boolean {
  return isContestMember(user, contest);
}
