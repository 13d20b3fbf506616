import { CONTEST_ADMIN_LIMITS, type ApplicationListQuery, type ManagedApplicationPage } from '@app/domain';
import { pageWindow, toPage } from '../../lib/paging';
import { withApplicants } from './applicants';
import { applicationDecisions } from './application-decisions';
import { applicationShipping } from './application-shipping';
import { toManagedApplication } from './applications.presenter';
import * as repo from './applications.repository';
import { createApplying } from './applying';
import { heldRelease } from './held-release';
import { selectionContext, type ApplicationsPorts, type ApplicationsServiceDeps } from './selection-context';
import type { Caller } from '../../plugins/auth';

export type { ApplicationsPorts, ApplicationsServiceDeps } from './selection-context';

/**
 * Selecting creators and shipping them the product (issue 14): the applications of a contest as
 * staff and its brand read them, decisions (select, decline, withdraw), shipping and delivery, the
 * shipping list as CSV, and the bulk release of held applications. Every change is audited in its
 * transaction; a decline or withdrawal gives the unit back in that same transaction; e-mails are
 * queued after the commit.
 */
export function createApplicationsService(
  deps: ApplicationsServiceDeps,
  ports: ApplicationsPorts,
  clock: () => Date = () => new Date(),
) {
  const context = selectionContext(deps, ports, clock);
  const { db, contests, mediaUrl } = context;
  const applying = createApplying(deps, ports);
  const decisions = applicationDecisions(context);
  const shipping = applicationShipping(context);
  const release = heldRelease(context);

  return {
    /** A creator applies to a contest (applying.ts). */
    apply: applying.apply,

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

    /** Decisions on one application (application-decisions.ts). */
    select: decisions.select,
    decline: decisions.decline,
    withdraw: decisions.withdraw,

    /** Shipping the product, and the shipping list (application-shipping.ts). */
    ship: shipping.ship,
    deliver: shipping.deliver,
    shippingCsv: shipping.shippingCsv,

    /** The bulk release of held applications and its dry run (held-release.ts). */
    releasePreview: release.releasePreview,
    release: release.release,
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
