import type { PaperworkMissing, ReleaseCounts } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import * as repo from './paperwork.repository';

/**
 * What the prize payout of `entryId` (won by `userId`) still waits for (issue 31): the winner's
 * payee details, and releases — at least one, none waiting for review, and each rejected kind
 * replaced by an approved release of that kind. Empty when the prize may be paid. For payouts.
 */
export async function missingPaperwork(
  db: DbOrTx,
  { entryId, userId }: { entryId: number; userId: number },
): Promise<PaperworkMissing[]> {
  const [releases, withPayee] = await Promise.all([
    repo.listReleases(db, [entryId]),
    repo.usersWithPayee(db, [userId]),
  ]);
  const missing: PaperworkMissing[] = [];
  if (!withPayee.has(userId)) missing.push('payee_details');
  if (!releases.length) missing.push('no_releases');
  if (releases.some((r) => r.status === 'pending')) missing.push('releases_pending');
  const approvedKinds = new Set(releases.filter((r) => r.status === 'approved').map((r) => r.kind));
  if (releases.some((r) => r.status === 'rejected' && !approvedKinds.has(r.kind)))
    missing.push('releases_rejected');
  return missing;
}

/**
 * The bytes of the release forms `userId` filed: they count in the creator's storage quota with
 * their videos and captions (videos' `storedBytesElsewhere`).
 */
export function releaseBytesOf(db: DbOrTx, userId: number): Promise<number> {
  return repo.releaseBytesOf(db, userId);
}

/**
 * How many releases of each entry are approved, pending and rejected, by entry id (every id given
 * is in the map): one query for a whole list. For the entry page and Contest Submissions.
 */
export async function releaseCountsOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, ReleaseCounts>> {
  const counts = new Map<number, ReleaseCounts>(
    entryIds.map((id) => [id, { approved: 0, pending: 0, rejected: 0 }]),
  );
  for (const row of await repo.countReleases(db, [...new Set(entryIds)])) {
    const entry = counts.get(row.entryId);
    if (entry) entry[row.status] = Number(row.count);
  }
  return counts;
}
