import { randomBytes } from 'node:crypto';
import {
  ACTIVE_CONTEST_STATUSES,
  CONTEST_ADMIN_MESSAGES,
  MESSAGES,
  type BrandContest,
  type BrandOption,
  type ContestFilter,
  type ContestImageResponse,
  type ContestResponse,
  type CreateBrandBody,
  type CreateContestBody,
  type ProductResponse,
  type ProductStockResponse,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toWebp } from '../../lib/images';
import { contestAccess, parseContestRef, type ContestsServiceDeps } from './contest-access';
import { contestAgreements } from './contest-agreements';
import { contestApplying } from './contest-applying';
import { BRAND_ALIASES, contestEditing } from './contest-editing';
import { assertStaff } from '../../lib/policy';
import { canSeeContest } from './contests.policy';
import { toBrandContest, toProduct } from './contests.presenter';
import * as repo from './contests.repository';
import type { ApplicationCounts, ContestsOwners } from './contests.owners';
import { recordAudit } from '../audit';
import { anyBrandExists, listBrandOptions, brandNamesOf } from '../accounts';
import type { Caller } from '../../plugins/auth';

export type { ContestsServiceDeps } from './contest-access';
export type { ApplicationCounts, ContestsOwners } from './contests.owners';
/** For entries: an entry version records the agreement accepted in its own transaction. */
export { recordAgreementAcceptance } from './contest-agreements';
export { SERVER_SIDE } from './contest-applying';

const NO_APPLICATIONS: ApplicationCounts = { pending: 0, selected: 0, declined: 0, withdrawn: 0, shipped: 0 };

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

/**
 * A product's units left, with the row locked (in a transaction: until it ends; outside one: the
 * read waits for applications in flight), then the units its applications hold.
 */
async function lockedStock(db: DbOrTx, productId: number, owners: Pick<ContestsOwners, 'heldUnitsOf'>) {
  const row = (await repo.lockProductStock(db, productId))!;
  return { stockQuantity: row.stockQuantity, reserved: await owners.heldUnitsOf(db, productId) };
}

function contestsServiceOn(db: DbOrTx, deps: ContestsServiceDeps, clock: () => Date) {
  const access = contestAccess(db, deps, clock);
  const { mediaUrl, withProducts, getContest, getContestOwner, managedRecord } = access;
  const { createBrand, createContest, updateContest, setPublication } = contestEditing(access);

  return {
    /** Who is asking, with their brand (for other modules' checks). */

    /** Creates a contest for a signed-in staff or brand user (a brand's is a draft); audited. */
    async createContestAs(user: Caller, body: CreateContestBody): Promise<ContestResponse> {
      return createContest(body, { actor: user });
    },

    updateContest,

    publishContest: (ref: string, user: Caller) => setPublication(ref, user, 'published'),
    archiveContest: (ref: string, user: Caller) => setPublication(ref, user, 'archived'),

    /**
     * Staff set how many units of a product exist in all; the units left become that minus the
     * units held by pending and selected applications, never below them. The product's row is
     * locked meanwhile, so applications and declines in flight are counted exactly.
     */
    async setProductStock(
      ref: string,
      productId: number,
      user: Caller,
      total: number,
      owners: Pick<ContestsOwners, 'heldUnitsOf'>,
    ): Promise<ProductStockResponse> {
      const { actor, row } = await managedRecord(ref, user);
      assertStaff(actor);
      if (!(await repo.isProductOffered(db, row.id, productId))) {
        throw new AppError('not_found', CONTEST_ADMIN_MESSAGES.productUnknown);
      }
      return db.transaction(async (tx) => {
        const stock = await lockedStock(tx, productId, owners);
        if (total < stock.reserved) {
          throw AppError.validation({ total: [CONTEST_ADMIN_MESSAGES.stockBelowReserved] });
        }
        const left = total - stock.reserved;
        await repo.setStock(tx, productId, left);
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'product.stock',
          targetType: 'product',
          targetId: productId,
          before: { stock_quantity: stock.stockQuantity, reserved: stock.reserved },
          after: { stock_quantity: left, reserved: stock.reserved },
        });
        return { product_id: productId, stock_quantity: left, reserved: stock.reserved, total };
      });
    },

    /** Units left, reserved and in all of each of a contest's products (staff and its brand). */
    async productStock(
      ref: string,
      user: Caller,
      owners: Pick<ContestsOwners, 'heldUnitsOf'>,
    ): Promise<ProductStockResponse[]> {
      const { row } = await managedRecord(ref, user);
      const products = await repo.listContestProducts(db, row.id);
      const result: ProductStockResponse[] = [];
      for (const product of products) {
        const stock = await lockedStock(db, product.id, owners);
        result.push({
          product_id: product.id,
          stock_quantity: stock.stockQuantity,
          reserved: stock.reserved,
          total: stock.stockQuantity + stock.reserved,
        });
      }
      return result;
    },

    /** Stores a banner or thumbnail (checked and re-encoded like avatars) for staff and brand users. */
    async uploadImage(bytes: Buffer): Promise<ContestImageResponse> {
      const webp = await toWebp(bytes, { width: 1920, height: 1920, fit: 'inside' });
      if (!webp) throw AppError.validation({ image: [CONTEST_ADMIN_MESSAGES.imageInvalid] });
      const key = `contests/${randomBytes(12).toString('hex')}.webp`;
      await deps.storage.put(key, webp);
      return { key, url: deps.storage.url(key) };
    },

    /** The brands a contest can be created for: all for staff, its own for a brand user. */
    async brandOptions(user: Caller): Promise<BrandOption[]> {
      const actor = user;
      if (actor.role !== 'staff' && actor.brandId === null) return [];
      return listBrandOptions(db, actor.role === 'staff' ? null : actor.brandId);
    },

    /** The brand dashboard: the brand's contests (staff: every contest), drafts included, with counts. */
    async managedContests(user: Caller, owners: ContestsOwners): Promise<BrandContest[]> {
      const actor = user;
      if (actor.role !== 'staff' && actor.brandId === null) return [];
      const rows = await repo.listManagedContests(db, actor.role === 'staff' ? null : actor.brandId);
      const contestIds = rows.map((row) => row.id);
      const [brandNames, applications, entries] = await Promise.all([
        brandNamesOf(
          db,
          rows.map((row) => row.brandId),
        ),
        owners.applicationCountsOf(db, contestIds),
        owners.entryCountsOf(db, contestIds),
      ]);
      return rows.flatMap((row) => {
        const brandName = brandNames.get(row.brandId);
        return brandName === undefined
          ? []
          : [
              toBrandContest({
                ...row,
                brandName,
                counts: applications.get(row.id) ?? NO_APPLICATIONS,
                entries: entries.get(row.id) ?? 0,
              }),
            ];
      });
    },

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
      const actor = user;
      const drafts: repo.ListVisibility['drafts'] =
        actor?.role === 'staff'
          ? 'all'
          : actor?.role === 'brand' && actor.brandId !== null
            ? { brandId: actor.brandId }
            : 'none';
      const all = await withProducts(await repo.listContests(db, { drafts }));
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
    createBrand,

    /**
     * Creates a contest with its products (new products of the contest's brand, each with its
     * stock), after checking the body, the order of the dates, the product codes the landing
     * content names, the brand and the slug. `id` and `productIds` fix ids (the seed's contest 1
     * and chairs 1–3, which the spec names); the sequences then move past them.
     */
    createContest,

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

    ...contestApplying(access),

    ...contestAgreements(access),
  };
}
