import type { ApplicationStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { ApplicationCounts } from '../contests';
import * as repo from './applications.repository';

/**
 * The status of a creator's application to a contest (one per creator and contest), or null: what
 * other modules (entries: who may submit) ask applications instead of reading its table.
 */
export function applicationStatusOf(
  db: DbOrTx,
  contestId: number,
  userId: number,
): Promise<ApplicationStatus | null> {
  return repo.findApplicationStatus(db, contestId, userId);
}

/**
 * An application's creator and contest, or null: what conversations (issue 49) ask applications to
 * know whose thread it is.
 */
export function applicationOf(db: DbOrTx, applicationId: number) {
  return repo.findApplicationOwner(db, applicationId);
}

/**
 * A creator's applications with their status and shipment, one per contest: what the creator
 * dashboard asks applications for, in one query.
 */
export function applicationsOfCreator(db: DbOrTx, userId: number) {
  return repo.findApplicationsOfCreator(db, userId);
}
export type CreatorApplication = Awaited<ReturnType<typeof applicationsOfCreator>>[number];

/**
 * The application steps of a contest's funnel (issue 33): every application, those selected (and
 * not withdrawn), and those of them whose product was shipped.
 */
export async function applicationFunnelOf(
  db: DbOrTx,
  contestId: number,
): Promise<{ applied: number; selected: number; shipped: number }> {
  const { byStatus, shipped } = await repo.countApplicationFunnel(db, contestId);
  const count = (status: ApplicationStatus) => byStatus.find((row) => row.status === status)?.n ?? 0;
  return {
    applied: byStatus.reduce((sum, row) => sum + row.n, 0),
    selected: count('selected'),
    shipped,
  };
}

/**
 * What contests asks applications about its products and contests (passed to contests as its
 * ports: applications sits above it). Call `heldUnitsOf` after locking the product's row (contests'
 * `lockProductStock`), in the same transaction, so applications in flight are counted exactly.
 */

/** The units of a product held by its pending and selected applications. */
export function heldUnitsOf(db: DbOrTx, productId: number): Promise<number> {
  return repo.countHeldUnits(db, productId);
}

/** Which of these products someone applied for (in any status): such a product stays. */
export function productsWithApplications(db: DbOrTx, productIds: number[]): Promise<number[]> {
  return repo.productsWithApplications(db, productIds);
}

/** The application counts of these contests, by contest id (contests without any are absent). */
export async function applicationCountsOf(
  db: DbOrTx,
  contestIds: number[],
): Promise<Map<number, ApplicationCounts>> {
  const ids = [...new Set(contestIds)];
  if (!ids.length) return new Map();
  const rows = await repo.countByContest(db, ids);
  return new Map(rows.map((row) => [row.contestId, row]));
}
