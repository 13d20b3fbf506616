import {
  CONTEST_ADMIN_LIMITS,
  CONTEST_ADMIN_MESSAGES,
  MESSAGES,
  SHIPPING_CSV_HEADER,
  type ApplicationListQuery,
  type ContestResponse,
  type ManagedApplication,
  type ManagedApplicationPage,
  type ReleaseBody,
  type ReleasePreview,
  type ReleasePreviewQuery,
  type ReleaseResponse,
  type ShipmentBody,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { pageWindow, toPage } from '../../lib/paging';
import type { MailMessage } from '../../mail/mailer';
import { recordAudit } from '../audit';
import { createContestsService, lockProducts, returnUnits } from '../contests';
import { withApplicants, type ApplicationRow } from './applicants';
import { declineEmail, selectionEmail, shipmentEmail } from './applications.emails';
import { assertStaff } from '../../lib/policy';
import { addressLine, toAddress, toManagedApplication } from './applications.presenter';
import * as repo from './applications.repository';
import { createApplying } from './applying';
import type { Caller } from '../../plugins/auth';

export type ApplicationsServiceDeps = Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Selecting creators and shipping them the product (issue 14): the applications of a contest as
 * staff and its brand read them, decisions (select, decline, withdraw), shipping and delivery, the
 * shipping list as CSV, and the bulk release of held applications. Every change is audited in its
 * transaction; a decline or withdrawal gives the unit back in that same transaction; e-mails are
 * queued after the commit.
 */
export function createApplicationsService(
  deps: ApplicationsServiceDeps,
  clock: () => Date = () => new Date(),
) {
  const db = deps.database.db;
  const contests = createContestsService(deps, clock);
  const mediaUrl = (key: string) => deps.storage.url(key);

  /** The application with its applicant and product, or undefined. */
  async function findApplication(id: number): Promise<ApplicationRow | undefined> {
    const row = await repo.findApplication(db, id);
    return row && (await withApplicants(db, [row]))[0];
  }

  /** The application and its contest, if the caller runs that contest (404 / 403 otherwise). */
  async function managedApplication(id: number, user: Caller) {
    const row = await findApplication(id);
    if (!row) throw new AppError('not_found', MESSAGES.generic.notFound);
    const { contest } = await contests.managedContest(String(row.contestId), user);
    return { row, contest };
  }

  async function present(id: number, viewer: Caller): Promise<ManagedApplication> {
    return toManagedApplication((await findApplication(id))!, mediaUrl, viewer);
  }

  /** Queues one e-mail; the decision stands even if it cannot be queued (logged). */
  async function mail(message: MailMessage, applicationId: number) {
    try {
      await deps.queue.send(sendEmailJob, message);
    } catch (error) {
      deps.log.error({ err: error, applicationId }, 'could not queue an application e-mail');
    }
  }

  const decisionAudit = (row: ApplicationRow) => ({
    status: row.status,
    product_id: row.productId,
  });

  async function decide(
    id: number,
    user: Caller,
    action: 'select' | 'decline' | 'withdraw',
    note: string,
  ): Promise<ManagedApplication> {
    const { row, contest } = await managedApplication(id, user);
    if (action === 'withdraw') assertStaff(user);
    const from = action === 'withdraw' ? 'selected' : 'pending';
    const to = action === 'select' ? 'selected' : action === 'decline' ? 'declined' : 'withdrawn';
    const now = clock();
    await db.transaction(async (tx) => {
      // The product's row first: applications and stock changes of the product queue behind it.
      if (to !== 'selected') await lockProducts(tx, [row.productId]);
      const moved = await repo.transition(
        tx,
        id,
        { status: from, ...(action === 'withdraw' ? { notShipped: true } : {}) },
        { status: to, decisionNote: note, decidedAt: now, decidedBy: user.id },
      );
      if (!moved) {
        const message =
          action === 'withdraw'
            ? row.shippedAt
              ? CONTEST_ADMIN_MESSAGES.alreadyShipped
              : CONTEST_ADMIN_MESSAGES.notSelected
            : CONTEST_ADMIN_MESSAGES.notPending;
        throw new AppError('conflict', message);
      }
      if (to !== 'selected') await returnUnits(tx, row.productId);
      await recordAudit(tx, {
        actor: { userId: user.id },
        action: `application.${action}`,
        targetType: 'application',
        targetId: id,
        before: decisionAudit(row),
        after: { status: to, product_id: row.productId, note, stock_returned: to !== 'selected' },
      });
    });
    if (action === 'select') {
      await mail(
        selectionEmail({
          to: row.creatorEmail,
          fullName: row.fullName,
          contest,
          productName: row.product.name,
          note,
          contestUrl: `${deps.config.PUBLIC_URL}/contests/${contest.id}`,
        }),
        id,
      );
    } else if (action === 'decline') {
      await mail(declineEmail({ to: row.creatorEmail, fullName: row.fullName, contest, note }), id);
    }
    return present(id, user);
  }

  return {
    /** A creator applies to a contest (applying.ts). */
    ...createApplying(deps, clock),

    /** GET /api/contests/{id}/applications/: a page, filtered by status and product, sorted. */
    async list(
      ref: string,
      user: Caller,
      query: ApplicationListQuery,
      url: URL,
    ): Promise<ManagedApplicationPage> {
      const { contest } = await contests.managedContest(ref, user);
      const request = { page: query.page, pageSize: CONTEST_ADMIN_LIMITS.pageSize, url };
      const { rows, count } = await repo.listApplications(db, contest.id, {
        status: query.status,
        productId: query.product,
        sort: query.sort,
        ...pageWindow(request),
      });
      return toPage(
        (await withApplicants(db, rows)).map((row) => toManagedApplication(row, mediaUrl, user)),
        count,
        request,
        deps.config.PUBLIC_URL,
      );
    },

    select: (id: number, user: Caller, note = '') => decide(id, user, 'select', note),
    decline: (id: number, user: Caller, note = '') => decide(id, user, 'decline', note),
    withdraw: (id: number, user: Caller, note = '') => decide(id, user, 'withdraw', note),

    /** Marks a selected creator's product shipped with its carrier and tracking number; e-mails them. */
    async ship(id: number, user: Caller, body: ShipmentBody): Promise<ManagedApplication> {
      const { row, contest } = await managedApplication(id, user);
      await db.transaction(async (tx) => {
        const moved = await repo.transition(
          tx,
          id,
          { status: 'selected', notShipped: true },
          { shippingCarrier: body.carrier, trackingNumber: body.tracking_number, shippedAt: clock() },
        );
        if (!moved) {
          throw new AppError(
            'conflict',
            row.shippedAt ? CONTEST_ADMIN_MESSAGES.alreadyShipped : CONTEST_ADMIN_MESSAGES.notSelected,
          );
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'application.ship',
          targetType: 'application',
          targetId: id,
          before: { shipping_carrier: row.shippingCarrier, tracking_number: row.trackingNumber },
          after: { shipping_carrier: body.carrier, tracking_number: body.tracking_number },
        });
      });
      await mail(
        shipmentEmail({
          to: row.creatorEmail,
          fullName: row.fullName,
          contest,
          productName: row.product.name,
          carrier: body.carrier,
          trackingNumber: body.tracking_number,
        }),
        id,
      );
      return present(id, user);
    },

    /** Marks a shipped product delivered. */
    async deliver(id: number, user: Caller): Promise<ManagedApplication> {
      const { row } = await managedApplication(id, user);
      await db.transaction(async (tx) => {
        const moved = await repo.transition(
          tx,
          id,
          { status: 'selected', shipped: true, notDelivered: true },
          { deliveredAt: clock() },
        );
        if (!moved) {
          throw new AppError(
            'conflict',
            row.deliveredAt ? CONTEST_ADMIN_MESSAGES.alreadyDelivered : CONTEST_ADMIN_MESSAGES.notShipped,
          );
        }
        await recordAudit(tx, {
          actor: { userId: user.id },
          action: 'application.deliver',
          targetType: 'application',
          targetId: id,
          before: { delivered_at: null },
          after: { delivered_at: clock().toISOString() },
        });
      });
      return present(id, user);
    },

    /** The selected creators' shipping list: name, e-mail, phone, full address, product. */
    async shippingCsv(ref: string, user: Caller): Promise<{ contest: ContestResponse; csv: string }> {
      const { contest } = await contests.managedContest(ref, user);
      const rows = await withApplicants(db, await repo.listSelected(db, contest.id));
      const csv = toCsv(
        SHIPPING_CSV_HEADER,
        rows.map((row) => [
          row.fullName,
          row.email,
          row.phoneNumber,
          addressLine(toAddress(row.shippingAddress)),
          `${row.product.code} ${row.product.name}`.trim(),
        ]),
      );
      return { contest, csv };
    },

    /**
     * What `release` with the same threshold would decline now, per product, without changing
     * anything (staff): the console shows it before staff confirm.
     */
    async releasePreview(ref: string, user: Caller, query: ReleasePreviewQuery): Promise<ReleasePreview> {
      assertStaff(user);
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
      assertStaff(user);
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

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
