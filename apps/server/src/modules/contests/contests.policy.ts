import { CONTEST_ADMIN_MESSAGES, MESSAGES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';
import { assertContestMember, assertStaff, hasRole, isContestMember, isStaff } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';
import { brandRoleGuard } from '../accounts';

/** What the rules need of a contest. */
interface ContestRef {
  brand: { id: number };
  publicationStatus: 'draft' | 'published' | 'archived';
}

const forbidden = () => new AppError('forbidden', MESSAGES.generic.forbidden);
const ownerOf = (contest: ContestRef) => ({ brandId: contest.brand.id });

/**
 * Who reaches the routes that run contests at all (declared by those routes): staff and brand
 * users. The service then checks the contest's brand (`assertRunsContest`) and staff's own steps.
 */
export const CONTEST_RUNNERS: readonly Role[] = ['staff', 'brand'];

/**
 * Of a brand's team, who changes contests (creates, edits, uploads images; and asks for what only
 * staff then grant): owners and managers (issue 49). Routes declare it after `CONTEST_RUNNERS`;
 * reviewers and viewers get 403.
 */
export const contestChangers = brandRoleGuard('manage');

/** Only creators apply to contests (spec §6); brands and staff run them. */
export function canApply(user: Pick<Caller, 'role'>): boolean {
  return hasRole(user, 'creator');
}

export function assertCanApply(user: Pick<Caller, 'role'>): void {
  if (!canApply(user)) throw forbidden();
}

/**
 * Creators accept a contest's agreement (when they apply and submit), so only a creator has an
 * acceptance to be shown beside it.
 */
export function acceptsAgreements(user: Pick<Caller, 'role'>): boolean {
  return hasRole(user, 'creator');
}

/** Published and archived contests are public; a draft is seen by staff and its brand only. */
export function canSeeContest(actor: Caller | undefined, contest: ContestRef): boolean {
  if (contest.publicationStatus !== 'draft') return true;
  return isContestMember(actor, ownerOf(contest));
}

/** Staff run every contest, a brand user its brand's: 403 for anyone else. */
export function assertRunsContest(actor: Caller, contest: ContestRef): void {
  assertContestMember(actor, ownerOf(contest));
}

/**
 * Whose contests a caller runs (and whose drafts the public lists show them): staff every brand's,
 * a brand user its own brand's, anyone else (a brand user of no brand among them) none.
 */
export function brandsRunBy(actor: Caller | undefined): 'all' | { brandId: number } | 'none' {
  if (isStaff(actor)) return 'all';
  if (actor && hasRole(actor, 'brand') && actor.brandId !== null) return { brandId: actor.brandId };
  return 'none';
}

/** Staff edit any contest; a brand user edits its brand's drafts (published ones are staff's). */
export function assertCanEdit(actor: Caller, contest: ContestRef): void {
  if (isStaff(actor)) return;
  if (!isContestMember(actor, ownerOf(contest), ['brand']) || contest.publicationStatus !== 'draft')
    throw forbidden();
}

/** Staff create contests for any brand; a brand user for its own brand only. */
export function assertCanCreateFor(actor: Caller, brandId: unknown): void {
  if (isStaff(actor)) return;
  if (!hasRole(actor, 'brand')) throw forbidden();
  if (typeof brandId === 'number' && brandId !== actor.brandId) {
    throw new AppError('forbidden', CONTEST_ADMIN_MESSAGES.brandOwnOnly);
  }
}

/**
 * A brand's new contest is a draft until staff publish it; staff's (and the CLI's and the seed's,
 * which create with no caller) are published at once.
 */
export function createsDrafts(actor: Caller | undefined): boolean {
  return hasRole(actor, 'brand');
}

/**
 * Publishing, archiving, setting a product's stock and saving the agreement are staff's, the
 * contest's brand included. Checked after the contest is found (`managedRecord`), so another
 * brand's draft stays a 404 for a brand user.
 */
export function assertCanPublish(actor: Caller): void {
  assertStaff(actor);
}

export function assertCanSetStock(actor: Caller): void {
  assertStaff(actor);
}

export function assertCanEditAgreement(actor: Caller): void {
  assertStaff(actor);
}
