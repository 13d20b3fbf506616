import {
  CONTEST_ADMIN_MESSAGES,
  type ReleaseBody,
  type ReleasePreview,
  type ReleasePreviewQuery,
  type ReleaseResponse,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { lockProducts, returnUnits } from '../contests';
import { withApplicants } from './applicants';
import { declineEmail } from './applications.emails';
import * as repo from './applications.repository';
import type { SelectionContext } from './selection-context';
import type { Caller } from '../../plugins/auth';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Releasing held stock in bulk (issue 18 M8; staff: the routes say so): pending applications
 * older than N days are declined and their units returned, after a dry run that changes nothing.
 */
export function heldRelease({ db, clock, contests, mail }: SelectionContext) {
  return {
    /**
     * What `release` with the same threshold would decline now, per product, without changing
     * anything (staff): the console shows it before staff confirm.
     */
    async releasePreview(ref: string, user: Caller, query: ReleasePreviewQuery): Promise<ReleasePreview> {
      const { contest } = await contests.managedContest(ref, user);
      if (query.product_id !== undefined && !contest.products.some((p) => p.id === query.product_id)) {
        throw AppError.validation({ product_id: [CONTEST_ADMIN_MESSAGES.productUnknown] });
      }
      const before = new Date(clock().getTime() - query.older_than_days * DAY_MS);
      const counts = new Map(
        (await repo.countPendingBefore(db, contest.id, before, query.product_id)).map((c) => [
          c.productId,
          Number(c.n),
        ]),
      );
      const products = contest.products
        .filter((p) => counts.has(p.id))
        .map((p) => ({ id: p.id, code: p.code, name: p.name, pending: counts.get(p.id)! }));
      return {
        older_than_days: query.older_than_days,
        applied_before: before.toISOString(),
        pending: products.reduce((sum, p) => sum + p.pending, 0),
        products,
      };
    },

    /**
     * Staff release held stock (issue 18 M8): every pending application of the contest (of one
     * product) older than N days is declined in one transaction, one unit back per application,
     * with one audit row naming them all; each creator gets the kind decline e-mail.
     */
    async release(
      ref: string,
      user: Caller,
      body: Required<Omit<ReleaseBody, 'product_id'>> & { product_id?: number | undefined },
    ): Promise<ReleaseResponse> {
      const { contest } = await contests.managedContest(ref, user);
      if (body.product_id !== undefined && !contest.products.some((p) => p.id === body.product_id)) {
        throw AppError.validation({ product_id: [CONTEST_ADMIN_MESSAGES.productUnknown] });
      }
      const now = clock();
      const before = new Date(now.getTime() - body.older_than_days * DAY_MS);
      const declined = await db.transaction(async (tx) => {
        const productIds = body.product_id ? [body.product_id] : contest.products.map((p) => p.id);
        await lockProducts(tx, productIds);
        const held = await repo.pendingBefore(tx, contest.id, before, body.product_id);
        // In id order: an UPDATE … RETURNING gives its rows in no set order.
        const rows = (
          await repo.declineMany(
            tx,
            held.map((h) => h.id),
            { decisionNote: body.note, decidedAt: now, decidedBy: user.id },
          )
        ).sort((a, b) => a.id - b.id);
        const perProduct = new Map<number, number>();
        for (const r of rows) perProduct.set(r.productId, (perProduct.get(r.productId) ?? 0) + 1);
        for (const [productId, units] of perProduct) await returnUnits(tx, productId, units);
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'application.release',
          targetType: 'contest',
          targetId: contest.id,
          before: { status: 'pending', application_ids: rows.map((r) => r.id) },
          after: {
            status: 'declined',
            older_than_days: body.older_than_days,
            product_id: body.product_id ?? null,
            units_returned: Object.fromEntries(perProduct),
          },
        });
        return rows.map((r) => r.id);
      });
      for (const row of await withApplicants(db, await repo.findApplications(db, declined))) {
        await mail(
          declineEmail({ to: row.creatorEmail, fullName: row.fullName, contest, note: body.note }),
          row.id,
        );
      }
      return { declined: declined.length, application_ids: declined };
    },
  };
}
