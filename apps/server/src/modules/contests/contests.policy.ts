import { CONTEST_ADMIN_MESSAGES, MESSAGES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';
import { isContestMember } from '../../lib/policy';
import type { Caller } from '../../plugins/auth';

/** What the rules need of a contest. */
interface ContestRef {
  brand: { id: number };
  publicationStatus: 'draft' | 'published' | 'archived';
}

const forbidden = () => new AppError('forbidden', MESSAGES.generic.forbidden);
const ownerOf = (contest: ContestRef) => ({ brandId: contest.brand.id });

/** Only creators apply to contests (spec §6); brands and staff run them. */
export function canApply(user: { role: Role }): boolean {
  return user.role === 'creator';
}

export function assertCanApply(user: { role: Role }): void {
  if (!canApply(user)) throw forbidden();
}

/** Published and archived contests are public; a draft is seen by staff and its brand only. */
export function canSeeContest(actor: Caller | undefined, contest: ContestRef): boolean {
  if (contest.publicationStatus !== 'draft') return true;
  return isContestMember(actor, ownerOf(contest));
}

/** Staff edit any contest; a brand user edits its brand's drafts (published ones are staff's). */
export function assertCanEdit(actor: Caller, contest: ContestRef): void {
  if (actor.role === 'staff') return;
  if (!isContestMember(actor, ownerOf(contest), ['brand']) || contest.publicationStatus !== 'draft')
    throw forbidden();
}

/** Staff create contests for any brand; a brand user for its own brand only. */
export function assertCanCreateFor(actor: Caller, brandId: unknown): void {
  if (actor.role === 'staff') return;
  if (actor.role !== 'brand') throw forbidden();
  if (typeof brandId === 'number' && brandId !== actor.brandId) {
    throw new AppError('forbidden', CONTEST_ADMIN_MESSAGES.brandOwnOnly);
  }
}
