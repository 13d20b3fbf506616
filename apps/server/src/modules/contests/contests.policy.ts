import { CONTEST_ADMIN_MESSAGES, MESSAGES, type Role } from '@app/domain';
import { AppError } from '../../lib/errors';

/** A signed-in caller with the brand a brand user belongs to (null for everyone else). */
export interface ContestActor {
  id: number;
  role: Role;
  brandId: number | null;
}

/** What the rules need of a contest. */
interface ContestRef {
  brand: { id: number };
  publicationStatus: 'draft' | 'published' | 'archived';
}

const forbidden = () => new AppError('forbidden', MESSAGES.generic.forbidden);

/** Only creators apply to contests (spec §6); brands and staff run them. */
export function canApply(user: { role: Role }): boolean {
  return user.role === 'creator';
}

export function assertCanApply(user: { role: Role }): void {
  if (!canApply(user)) throw forbidden();
}

/** Whether `actor` belongs to the contest's brand. */
function isBrandOf(actor: ContestActor | undefined, contest: ContestRef): boolean {
  return actor?.role === 'brand' && actor.brandId !== null && actor.brandId === contest.brand.id;
}

/** Published and archived contests are public; a draft is seen by staff and its brand only. */
export function canSeeContest(actor: ContestActor | undefined, contest: ContestRef): boolean {
  if (contest.publicationStatus !== 'draft') return true;
  return actor?.role === 'staff' || isBrandOf(actor, contest);
}

/** Staff run every contest; a brand user runs its brand's (applications, shipping, dashboard). */
export function canManage(actor: ContestActor, contest: ContestRef): boolean {
  return actor.role === 'staff' || isBrandOf(actor, contest);
}

export function assertCanManage(actor: ContestActor, contest: ContestRef): void {
  if (!canManage(actor, contest)) throw forbidden();
}

/** Staff edit any contest; a brand user edits its brand's drafts (published ones are staff's). */
export function assertCanEdit(actor: ContestActor, contest: ContestRef): void {
  if (actor.role === 'staff') return;
  if (!isBrandOf(actor, contest) || contest.publicationStatus !== 'draft') throw forbidden();
}

/** Staff create contests for any brand; a brand user for its own brand only. */
export function assertCanCreateFor(actor: ContestActor, brandId: unknown): void {
  if (actor.role === 'staff') return;
  if (actor.role !== 'brand') throw forbidden();
  if (typeof brandId === 'number' && brandId !== actor.brandId) {
    throw new AppError('forbidden', CONTEST_ADMIN_MESSAGES.brandOwnOnly);
  }
}

/** Publishing, archiving, stock, withdrawals and bulk releases are staff's. */
export function assertStaff(actor: { role: Role }): void {
  if (actor.role !== 'staff') throw forbidden();
}
