import type { ApplicationStatus, Role } from '@app/domain';
import { isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';
import { brandRoleGuard } from '../accounts';

/**
 * Who runs a contest's selection at all: staff and brand users (the service then checks that a
 * brand user belongs to the contest's brand: another brand 403, or 404 for its drafts).
 */
export const CONTEST_RUNNERS: readonly Role[] = ['staff', 'brand'];

/**
 * Of a brand's team, who selects, declines and ships (issue 49): owners and managers; reviewers
 * and viewers read the applications only (403). Declared after `CONTEST_RUNNERS`.
 */
export const selectionChangers = brandRoleGuard('manage');

/**
 * Withdrawing a selected creator and releasing held applications in bulk are staff's, the
 * contest's brand included: declared by those routes.
 */
export const STAFF_ONLY: readonly Role[] = ['staff'];

/**
 * An applicant's phone and address are the brand's business only once it ships to them (the
 * application is selected); staff always see them.
 */
export function canSeeApplicantContact(
  viewer: Pick<Caller, 'role'>,
  application: { status: ApplicationStatus },
): boolean {
  return isStaff(viewer) || application.status === 'selected';
}
