import { PAPERWORK_MESSAGES } from '@app/domain';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';

/** The entry as the rules read it: who entered it. */
export interface EntryOfRelease {
  userId: number;
}

/** The caller entered the entry (its releases are theirs). */
export function isEntrant(user: Caller, entry: EntryOfRelease): boolean {
  return user.id === entry.userId;
}

/**
 * Only the entrant files a release with their entry: others who see the entry (staff, the
 * contest's brand) get 403.
 */
export function assertCanFileRelease(user: Caller, entry: EntryOfRelease): void {
  if (!isEntrant(user, entry)) throw new AppError('forbidden', PAPERWORK_MESSAGES.notEntrant);
}
