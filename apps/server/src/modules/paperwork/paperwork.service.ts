import { createPayeeDetails } from './payee-details';
import { createReleaseFiling } from './release-filing';
import { createReleaseReview } from './release-review';
import { createReleaseViews, type PaperworkPorts, type PaperworkServiceDeps } from './release-views';

export type { PaperworkPorts, PaperworkServiceDeps } from './release-views';
export type { ReleaseForm } from './release-filing';

/**
 * Winner paperwork (issue 31): release forms filed with an entry and reviewed by staff, and the
 * payee details a prize is paid to. Everything the service offers is listed here, each method
 * delegating to the part that implements it (and documents it). What a payout still waits for:
 * `paperwork-reads.ts`.
 */
export function createPaperworkService(deps: PaperworkServiceDeps, ports: PaperworkPorts) {
  const releases = createReleaseViews(deps, ports);
  const filing = createReleaseFiling(deps, releases);
  const review = createReleaseReview(deps, releases);
  const payees = createPayeeDetails(deps);

  return {
    // Release forms (release-filing.ts, release-views.ts, release-review.ts).
    fileRelease: filing.fileRelease,
    listReleases: releases.listReleases,
    releaseFile: releases.releaseFile,
    approve: review.approve,
    reject: review.reject,

    // Payee details (payee-details.ts).
    payee: payees.payee,
    savePayee: payees.savePayee,
    payeeForStaff: payees.payeeForStaff,
  };
}

export type PaperworkService = ReturnType<typeof createPaperworkService>;
