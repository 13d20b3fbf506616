import { MESSAGES, type ContestProduct, type ContestResponse } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { assertRunsContest, canSeeContest } from './contests.policy';
import { toContest, toContestProduct } from './contests.presenter';
import * as repo from './contests.repository';
import type { Caller } from '../../plugins/auth';

export type ContestsServiceDeps = Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage'>;

/** '12' → 12, 'hbada-chair-contest' → the slug. */
export function parseContestRef(ref: string): number | string {
  return /^\d+$/.test(ref) ? Number(ref) : ref;
}

/**
 * What every contest use case starts from: who is asking, and the contest they may see or run,
 * with its products as the API shows them. Bound to one connection or transaction.
 */
export function contestAccess(db: DbOrTx, deps: ContestsServiceDeps, clock: () => Date) {
  const mediaUrl = (key: string) => deps.storage.url(key);

  async function withProducts(rows: repo.ContestRow[]): Promise<ContestResponse[]> {
    const products = await repo.listProductsOfContests(
      db,
      rows.map((row) => row.id),
    );
    const byContest = new Map<number, ContestProduct[]>();
    for (const product of products) {
      const list = byContest.get(product.contestId) ?? [];
      list.push(toContestProduct(product, mediaUrl));
      byContest.set(product.contestId, list);
    }
    const now = clock();
    return rows.map((row) => toContest(row, byContest.get(row.id) ?? [], now, mediaUrl));
  }

  /** A contest the caller may see (a draft only by staff and its brand), or null. */
  async function findContest(ref: string, user?: Caller): Promise<ContestResponse | null> {
    const row = await repo.findContest(db, parseContestRef(ref));
    if (!row) return null;
    if (row.publicationStatus === 'draft' && !canSeeContest(user, row)) return null;
    return (await withProducts([row]))[0]!;
  }

  async function getContest(ref: string, user?: Caller): Promise<ContestResponse> {
    const contest = await findContest(ref, user);
    if (!contest) throw new AppError('not_found', MESSAGES.generic.notFound);
    return contest;
  }

  /**
   * The id and brand of a contest the caller may see (404 otherwise: a draft only by staff and its
   * brand), for a module that only checks who runs it: one small statement, where `getContest`
   * reads the contest's page content, brand and products (the reviewers' entries list).
   */
  async function getContestOwner(ref: string, user?: Caller): Promise<{ id: number; brandId: number }> {
    const row = await repo.findContestOwner(db, parseContestRef(ref));
    const visible =
      row &&
      (row.publicationStatus !== 'draft' ||
        canSeeContest(user, {
          brand: { id: row.brandId },
          publicationStatus: row.publicationStatus,
        }));
    if (!visible) throw new AppError('not_found', MESSAGES.generic.notFound);
    return { id: row.id, brandId: row.brandId };
  }

  /**
   * The stored contest the caller runs (staff, or a user of its brand): 404 when they may not see
   * it (another brand's draft), 403 when they see it but do not run it.
   */
  async function managedRecord(ref: string, user: Caller) {
    const actor = user!;
    const row = await repo.findContest(db, parseContestRef(ref));
    if (!row || (row.publicationStatus === 'draft' && !canSeeContest(actor, row))) {
      throw new AppError('not_found', MESSAGES.generic.notFound);
    }
    assertRunsContest(actor, row);
    return { actor, row };
  }

  return {
    db,
    deps,
    clock,
    mediaUrl,
    withProducts,
    findContest,
    getContest,
    getContestOwner,
    managedRecord,
  };
}

export type ContestAccess = ReturnType<typeof contestAccess>;
