import { randomBytes } from 'node:crypto';
import {
  ACTIVE_CONTEST_STATUSES,
  CONTEST_ADMIN_MESSAGES,
  MESSAGES,
  type ContestFilter,
  type ContestImageResponse,
  type ContestResponse,
  type CreateBrandBody,
  type CreateContestBody,
  type ProductResponse,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toWebp } from '../../lib/images';
import { brandDashboard } from './brand-dashboard';
import { contestAccess, parseContestRef, type ContestsServiceDeps } from './contest-access';
import { contestAgreements } from './contest-agreements';
import { contestApplying } from './contest-applying';
import { BRAND_ALIASES, contestEditing } from './contest-editing';
import { contestRounds } from './contest-rounds';
import { contestStock } from './contest-stock';
import { brandsRunBy, canSeeContest } from './contests.policy';
import { toProduct } from './contests.presenter';
import * as repo from './contests.repository';
import { anyBrandExists } from '../accounts';
import type { Caller } from '../../plugins/auth';

export type { ContestsServiceDeps } from './contest-access';
export type { ApplicationCounts, ContestsPorts } from './contests.ports';
/** For entries: an entry version records the agreement accepted in its own transaction. */
export { recordAgreementAcceptance } from './contest-agreements';
export { SERVER_SIDE } from './contest-applying';

/** What first-start seeding may do inside `whenCatalogEmpty`. */
export interface CatalogWriter {
  createBrand(body: CreateBrandBody, options?: { id?: number }): Promise<{ id: number }>;
  createContest(
    body: CreateContestBody,
    options?: { id?: number; productIds?: number[] },
  ): Promise<ContestResponse>;
}

/** Contests and their products with live stock (applying is the applications module's), and creating them. */
export function createContestsService(deps: ContestsServiceDeps, clock: () => Date = () => new Date()) {
  return contestsServiceOn(deps.database.db, deps, clock);
}

export type ContestsService = ReturnType<typeof createContestsService>;

function contestsServiceOn(db: DbOrTx, deps: ContestsServiceDeps, clock: () => Date) {
  const access = contestAccess(db, deps, clock);
  const { mediaUrl, withProducts, getContest, getContestOwner, managedRecord } = access;
  const editing = contestEditing(access);
  const stock = contestStock(access);
  const dashboard = brandDashboard(access);
  const agreements = contestAgreements(access);
  const applying = contestApplying(access);
  const rounds = contestRounds(access);

  return {
    /** Creates a contest for a signed-in staff or brand user (a brand's is a draft); audited. */
    async createContestAs(user: Caller, body: CreateContestBody): Promise<ContestResponse> {
      return editing.createContest(body, { actor: user });
    },

    updateContest: editing.updateContest,

    publishContest: (ref: string, user: Caller) => editing.setPublication(ref, user, 'published'),
    archiveContest: (ref: string, user: Caller) => editing.setPublication(ref, user, 'archived'),

    setProductStock: stock.setProductStock,
    productStock: stock.productStock,

    /** Stores a banner or thumbnail (checked and re-encoded like avatars) for staff and brand users. */
    async uploadImage(bytes: Buffer): Promise<ContestImageResponse> {
      const webp = await toWebp(bytes, { width: 1920, height: 1920, fit: 'inside' });
      if (!webp) throw AppError.validation({ image: [CONTEST_ADMIN_MESSAGES.imageInvalid] });
      const key = `contests/${randomBytes(12).toString('hex')}.webp`;
      await deps.storage.put(key, webp);
      return { key, url: deps.storage.url(key) };
    },

    brandOptions: dashboard.brandOptions,
    managedContests: dashboard.managedContests,

    /**
     * The contest a staff or brand user runs, for the selection module: 404 for another brand's
     * draft, 403 for anyone else who does not run it.
     */
    async managedContest(ref: string, user: Caller) {
      const { actor, row } = await managedRecord(ref, user);
      return { actor, contest: (await withProducts([row]))[0]! };
    },

    /** All contests with their products, or those in one status ('active' = open, production or judging). */
    async listContests(filter?: ContestFilter, user?: Caller): Promise<ContestResponse[]> {
      // Drafts are listed to those who run them.
      const all = await withProducts(await repo.listContests(db, { drafts: brandsRunBy(user) }));
      if (!filter) return all;
      return all.filter((c) =>
        filter === 'active' ? ACTIVE_CONTEST_STATUSES.includes(c.status) : c.status === filter,
      );
    },

    /** One contest by id or slug, with its products and page content; 404 when there is none. */
    getContest,

    /** A contest's id and brand, for callers that only check who runs it (`getContestOwner`). */
    getContestOwner,

    /** The products a contest offers, in its order, with live stock. */
    async listContestProducts(ref: string, user?: Caller): Promise<ProductResponse[]> {
      // The contest's row only (not its products as the contest page shows them): one query less.
      const contest = await repo.findContest(db, parseContestRef(ref));
      if (!contest || (contest.publicationStatus === 'draft' && !canSeeContest(user, contest))) {
        throw new AppError('not_found', MESSAGES.generic.notFound);
      }
      return (await repo.listContestProducts(db, contest.id)).map((row) => toProduct(row, mediaUrl));
    },

    /** A brand's products with live stock (brand 4 reads brand 1's: BRAND_ALIASES). */
    async listBrandProducts(brandId: number): Promise<ProductResponse[]> {
      const rows = await repo.listBrandProducts(db, BRAND_ALIASES[brandId] ?? brandId);
      return rows.map((row) => toProduct(row, mediaUrl));
    },

    /**
     * Creates a brand. `id` fixes its id (the seed's brand 1, which the spec's calls name);
     * otherwise the next free id above the aliases is used.
     */
    createBrand: editing.createBrand,

    /**
     * Creates a contest with its products (new products of the contest's brand, each with its
     * stock), after checking the body, the order of the dates, the product codes the landing
     * content names, the brand and the slug. `id` and `productIds` fix ids (the seed's contest 1
     * and chairs 1–3, which the spec names); the sequences then move past them.
     */
    createContest: editing.createContest,

    /**
     * Runs `work` in one transaction, with a service bound to it, only when no brand and no contest
     * exist yet; concurrent callers (several processes starting at once) take turns, so exactly
     * one of them creates the catalogue. Returns whether `work` ran.
     */
    async whenCatalogEmpty(work: (contests: CatalogWriter) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        await repo.lockCatalog(tx);
        if ((await anyBrandExists(tx)) || !(await repo.noContestExists(tx))) return false;
        const writer: CatalogWriter = contestsServiceOn(tx, deps, clock);
        await work(writer);
        return true;
      });
    },

    /** A contest's rounds, and saving them as a whole list (contest-rounds.ts, issue 47). */
    listRounds: rounds.listRounds,
    updateRounds: rounds.updateRounds,

    /** The contest a creator applies to, checked (contest-applying.ts). */
    contestToApply: applying.contestToApply,

    /** A contest's agreement as its readers see it, and staff saving it (contest-agreements.ts). */
    getAgreement: agreements.getAgreement,
    updateAgreement: agreements.updateAgreement,
  };
}
