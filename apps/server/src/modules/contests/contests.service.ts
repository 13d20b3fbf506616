import { randomBytes } from 'node:crypto';
import {
  ACTIVE_CONTEST_STATUSES,
  applicationErrors,
  CONTEST_ADMIN_MESSAGES,
  CONTEST_MESSAGES,
  createBrandBodySchema,
  createContestBodySchema,
  MESSAGES,
  updateContestBodySchema,
  type ApplicationPayload,
  type ApplicationResponse,
  type BrandContest,
  type BrandOption,
  type ContestFilter,
  type ContestImageResponse,
  type ContestProduct,
  type ContestResponse,
  type CreateBrandBody,
  type CreateContestBody,
  type CreateContestData,
  type ProductResponse,
  type ProductStockResponse,
  type Role,
  type ShippingAddress,
  type UpdateContestBody,
  type UpdateProductBody,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { toWebp } from '../../lib/images';
import { applicationConfirmationEmail } from './contests.emails';
import { assertContestMember, assertStaff } from '../../lib/policy';
import {
  assertCanApply,
  assertCanCreateFor,
  assertCanEdit,
  canSeeContest,
  type ContestActor,
} from './contests.policy';
import { toApplication, toBrandContest, toContest, toContestProduct, toProduct } from './contests.presenter';
import * as repo from './contests.repository';
import { brandOfUser } from '../accounts/membership';
import {
  findAccountEmail,
  findSavedShippingAddress,
  saveShippingAddress,
} from '../creators/creators.service';
import { recordAudit } from '../audit/audit.service';

export type ContestsServiceDeps = Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage'>;

/**
 * Brand ids the original product answered for the same catalogue: its data listed the chairs under
 * brand 1 and brand 4 (spec §7). Both keep working and read the same rows (docs/spec-decisions.md),
 * and no new brand is ever given an alias id.
 */
const BRAND_ALIASES: Record<number, number> = { 4: 1 };
const HIGHEST_ALIAS_ID = Math.max(...Object.keys(BRAND_ALIASES).map(Number));

/** What first-start seeding may do inside `whenCatalogEmpty`. */
export interface CatalogWriter {
  createBrand(body: CreateBrandBody, options?: { id?: number }): Promise<{ id: number }>;
  createContest(
    body: CreateContestBody,
    options?: { id?: number; productIds?: number[] },
  ): Promise<ContestResponse>;
}

/** '12' → 12, 'hbada-chair-contest' → the slug. */
function parseContestRef(ref: string): number | string {
  return /^\d+$/.test(ref) ? Number(ref) : ref;
}

/** Contests, their products with live stock, applications, and creating all of these. */
export function createContestsService(deps: ContestsServiceDeps, clock: () => Date = () => new Date()) {
  return contestsServiceOn(deps.database.db, deps, clock);
}

export type ContestsService = ReturnType<typeof createContestsService>;

/** A signed-in caller as the routes know it (the brand is looked up when needed). */
type User = { id: number; role: Role } | ContestActor;

/** The stored columns an audit row shows (dates as ISO strings). */
function auditView(columns: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** JSON with object keys in order (jsonb does not keep the order they were written in). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/** Only what changed between two audit views. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => stableJson(before[key]) !== stableJson(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

function validationError(issues: Array<{ path: PropertyKey[]; message: string }>): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'contest';
    (errors[key] ??= []).push(issue.message);
  }
  return AppError.validation(errors);
}

/** A stored contest as the create body states it (what an edit is merged onto). */
function recordToBody(row: repo.ContestRecord, products: repo.ContestProductRow[]): CreateContestData {
  return {
    slug: row.slug,
    title: row.title,
    tagline: row.tagline,
    description: row.description,
    brand_id: row.brandId,
    thumbnail: row.thumbnailUrl,
    banner: row.bannerUrl,
    prize_cents: row.prizeCents,
    currency: row.currency,
    eligibility: {
      country: row.eligibility.country,
      minimum_age: row.eligibility.minimumAge,
      experience: row.eligibility.experience,
    },
    brief: row.brief,
    requirements: row.requirements,
    video_requirements: row.videoRequirements as CreateContestData['video_requirements'],
    landing: row.landing as CreateContestData['landing'],
    rubric: row.rubric,
    timezone: row.timezone,
    starts_at: row.startsAt.toISOString(),
    application_deadline: row.applicationDeadline.toISOString(),
    submission_deadline: row.submissionDeadline.toISOString(),
    judging_starts_at: row.judgingStartsAt.toISOString(),
    judging_ends_at: row.judgingEndsAt.toISOString(),
    winners_at: row.winnersAt.toISOString(),
    products: products.map((p) => ({
      code: p.code,
      name: p.name,
      description: p.description,
      concept: p.concept,
      features: p.features,
      image_url: p.imageUrl,
      stock_quantity: p.stockQuantity,
      fallback_status: p.fallbackStatus ?? null,
    })),
  };
}

function contestsServiceOn(db: DbOrTx, deps: ContestsServiceDeps, clock: () => Date) {
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

  /** Who is asking, with the brand of a brand user; undefined for anonymous callers. */
  async function actorOf(user: User | undefined): Promise<ContestActor | undefined> {
    if (!user) return undefined;
    if ('brandId' in user) return user as ContestActor;
    const brandId = user.role === 'brand' ? await brandOfUser(db, user.id) : null;
    return { id: user.id, role: user.role, brandId };
  }

  /** A contest the caller may see (a draft only by staff and its brand), or null. */
  async function findContest(ref: string, user?: User): Promise<ContestResponse | null> {
    const row = await repo.findContest(db, parseContestRef(ref));
    if (!row) return null;
    if (row.publicationStatus === 'draft' && !canSeeContest(await actorOf(user), row)) return null;
    return (await withProducts([row]))[0]!;
  }

  async function getContest(ref: string, user?: User): Promise<ContestResponse> {
    const contest = await findContest(ref, user);
    if (!contest) throw new AppError('not_found', MESSAGES.generic.notFound);
    return contest;
  }

  /**
   * The stored contest the caller runs (staff, or a user of its brand): 404 when they may not see
   * it (another brand's draft), 403 when they see it but do not run it.
   */
  async function managedRecord(ref: string, user: User) {
    const actor = (await actorOf(user))!;
    const row = await repo.findContest(db, parseContestRef(ref));
    if (!row || (row.publicationStatus === 'draft' && !canSeeContest(actor, row))) {
      throw new AppError('not_found', MESSAGES.generic.notFound);
    }
    assertContestMember(actor, { brandId: row.brand.id });
    return { actor, row };
  }

  async function createBrand(body: CreateBrandBody, options: { id?: number } = {}) {
    const brand = createBrandBodySchema.parse(body);
    return db.transaction(async (tx) => {
      // Ids up to the highest alias are never handed out by the sequence.
      await repo.advanceIdentity(tx, 'brands', HIGHEST_ALIAS_ID);
      const row = await repo.insertBrand(tx, {
        ...(options.id ? { id: options.id } : {}),
        name: brand.name,
        slug: brand.slug,
        description: brand.description,
        logoUrl: brand.logo_url,
        website: brand.website,
      });
      if (options.id) await repo.advanceIdentity(tx, 'brands', HIGHEST_ALIAS_ID);
      return row;
    });
  }

  /** Checks a whole contest body (new, or an edit merged with the stored contest) and its dates. */
  async function checkContestBody(body: unknown, existingId?: number) {
    const parsed = createContestBodySchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const contest = parsed.data;
    const prizeCents = contest.prize_cents ?? (contest.prize === undefined ? undefined : contest.prize * 100);
    if (prizeCents === undefined)
      throw AppError.validation({ prize: [CONTEST_ADMIN_MESSAGES.prizeRequired] });
    const dates = [
      contest.starts_at,
      contest.application_deadline,
      contest.submission_deadline,
      contest.judging_starts_at,
      contest.judging_ends_at,
      contest.winners_at,
    ].map((iso) => new Date(iso));
    if (dates.some((date, i) => i > 0 && date < dates[i - 1]!)) {
      throw AppError.validation({ timeline: [CONTEST_ADMIN_MESSAGES.timelineOrder] });
    }
    const codes = contest.products.map((p) => p.code);
    if (new Set(codes).size !== codes.length) {
      throw AppError.validation({ products: ['Each product of a contest needs its own code.'] });
    }
    const unknown = [
      ...contest.landing.concepts.map((c) => c.product_code),
      ...(contest.landing.inspiration ? [contest.landing.inspiration.product_code] : []),
    ].filter((code) => !codes.includes(code));
    if (unknown.length) {
      throw AppError.validation({
        landing: [`No product of this contest has the code ${unknown.join(', ')}.`],
      });
    }
    if (!(await repo.brandExists(db, contest.brand_id))) {
      throw AppError.validation({ brand_id: ['There is no brand with this id.'] });
    }
    const slugOwner = await repo.findContest(db, contest.slug);
    if (slugOwner && slugOwner.id !== existingId) {
      throw AppError.validation({ slug: ['Another contest has this slug.'] });
    }
    const [startsAt, applicationDeadline, submissionDeadline, judgingStartsAt, judgingEndsAt, winnersAt] =
      dates as [Date, Date, Date, Date, Date, Date];
    const columns = {
      slug: contest.slug,
      title: contest.title,
      tagline: contest.tagline,
      description: contest.description,
      brandId: contest.brand_id,
      thumbnailUrl: contest.thumbnail,
      bannerUrl: contest.banner,
      prizeCents,
      currency: contest.currency,
      eligibility: {
        country: contest.eligibility.country,
        minimumAge: contest.eligibility.minimum_age,
        experience: contest.eligibility.experience,
      },
      brief: contest.brief,
      requirements: contest.requirements,
      videoRequirements: contest.video_requirements,
      landing: contest.landing,
      rubric: contest.rubric,
      timezone: contest.timezone,
      startsAt,
      applicationDeadline,
      submissionDeadline,
      judgingStartsAt,
      judgingEndsAt,
      winnersAt,
    } satisfies Partial<repo.NewContest>;
    return { contest, columns };
  }

  async function createContest(
    body: CreateContestBody,
    options: { id?: number; productIds?: number[]; actor?: ContestActor } = {},
  ): Promise<ContestResponse> {
    const actor = options.actor;
    if (actor) assertCanCreateFor(actor, (body as { brand_id?: unknown }).brand_id);
    const { contest, columns } = await checkContestBody(body);
    const id = await db.transaction(async (tx) => {
      const contestId = await repo.insertContest(tx, {
        ...(options.id ? { id: options.id } : {}),
        ...columns,
        // A brand's contest is a draft until staff publish it; staff, the CLI and the seed publish.
        publicationStatus: actor?.role === 'brand' ? 'draft' : 'published',
        createdBy: actor?.id ?? null,
      });
      const links: repo.NewContestProduct[] = [];
      for (const [position, product] of contest.products.entries()) {
        const productId = await repo.insertProduct(tx, {
          ...(options.productIds?.[position] ? { id: options.productIds[position] } : {}),
          brandId: contest.brand_id,
          code: product.code,
          name: product.name,
          description: product.description,
          concept: product.concept,
          features: product.features,
          imageUrl: product.image_url,
          stockQuantity: product.stock_quantity,
        });
        links.push({ contestId, productId, position, fallbackStatus: product.fallback_status });
      }
      await repo.insertContestProducts(tx, links);
      if (options.id) await repo.advanceIdentity(tx, 'contests');
      if (options.productIds?.length) await repo.advanceIdentity(tx, 'products');
      if (actor) {
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: 'contest.create',
          targetType: 'contest',
          targetId: contestId,
          after: { ...auditView(columns), products: contest.products },
        });
      }
      return contestId;
    });
    return getContest(String(id), actor);
  }

  /** Staff and a brand's users edit a contest: any field of the create body; audited. */
  async function updateContest(ref: string, user: User, patch: UpdateContestBody): Promise<ContestResponse> {
    const { actor, row } = await managedRecord(ref, user);
    assertCanEdit(actor, row);
    const parsedPatch = updateContestBodySchema.safeParse(patch);
    if (!parsedPatch.success) throw validationError(parsedPatch.error.issues);
    const changes = parsedPatch.data;
    if (changes.brand_id !== undefined) assertCanCreateFor(actor, changes.brand_id);
    const record = (await repo.findContestRecord(db, row.id))!;
    const current = await repo.listProductsOfContests(db, [row.id]);
    const base = recordToBody(record, current);
    const productPatch = changes.products as UpdateProductBody[] | undefined;
    const currentById = new Map(current.map((p) => [p.id, p]));
    for (const product of productPatch ?? []) {
      if (product.id !== undefined && !currentById.has(product.id)) {
        throw AppError.validation({ products: [CONTEST_ADMIN_MESSAGES.productUnknown] });
      }
    }
    const merged = {
      ...base,
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
      // A prize given either way replaces the stored one.
      ...(changes.prize !== undefined && changes.prize_cents === undefined ? { prize_cents: undefined } : {}),
      products: productPatch
        ? productPatch.map((p) => ({
            ...p,
            // An existing product's stock changes only through the stock call.
            stock_quantity: p.id !== undefined ? currentById.get(p.id)!.stockQuantity : p.stock_quantity,
          }))
        : base.products,
    };
    const { contest, columns } = await checkContestBody(merged, row.id);

    await db.transaction(async (tx) => {
      await repo.updateContest(tx, row.id, columns);
      if (productPatch) {
        const kept = productPatch.flatMap((p) => (p.id !== undefined ? [p.id] : []));
        const removed = current.map((p) => p.id).filter((id) => !kept.includes(id));
        if ((await repo.productsWithApplications(tx, removed)).length) {
          throw AppError.validation({ products: [CONTEST_ADMIN_MESSAGES.productHasApplications] });
        }
        await repo.removeContestProducts(tx, row.id, kept);
        const links: repo.NewContestProduct[] = [];
        for (const [position, product] of contest.products.entries()) {
          const id = productPatch[position]!.id;
          const values = {
            code: product.code,
            name: product.name,
            description: product.description,
            concept: product.concept,
            features: product.features,
            imageUrl: product.image_url,
          };
          if (id !== undefined) {
            await repo.updateProduct(tx, id, values);
            await repo.updateContestProduct(tx, row.id, id, {
              position,
              fallbackStatus: product.fallback_status,
            });
          } else {
            const productId = await repo.insertProduct(tx, {
              ...values,
              brandId: contest.brand_id,
              stockQuantity: product.stock_quantity,
            });
            links.push({ contestId: row.id, productId, position, fallbackStatus: product.fallback_status });
          }
        }
        await repo.insertContestProducts(tx, links);
      }
      const before = { ...auditView(recordToColumns(record)), products: base.products };
      const after = { ...auditView(columns), products: contest.products };
      const diff = changedFields(before, after);
      await recordAudit(tx, {
        actor: { userId: actor.id },
        action: 'contest.update',
        targetType: 'contest',
        targetId: row.id,
        before: diff.before,
        after: diff.after,
      });
    });
    return getContest(String(row.id), actor);
  }

  /** Staff publish a draft, or archive a contest (it leaves the public lists); audited. */
  async function setPublication(
    ref: string,
    user: User,
    status: 'published' | 'archived',
  ): Promise<ContestResponse> {
    const { actor, row } = await managedRecord(ref, user);
    assertStaff(actor);
    if (row.publicationStatus !== status) {
      await db.transaction(async (tx) => {
        await repo.updateContest(tx, row.id, { publicationStatus: status });
        await recordAudit(tx, {
          actor: { userId: actor.id },
          action: status === 'published' ? 'contest.publish' : 'contest.archive',
          targetType: 'contest',
          targetId: row.id,
          before: { publication_status: row.publicationStatus },
          after: { publication_status: status },
        });
      });
    }
    return getContest(String(row.id), actor);
  }

  return {
    /** Who is asking, with their brand (for other modules' checks). */
    actorOf,

    /** Creates a contest for a signed-in staff or brand user (a brand's is a draft); audited. */
    async createContestAs(user: User, body: CreateContestBody): Promise<ContestResponse> {
      return createContest(body, { actor: (await actorOf(user))! });
    },

    updateContest,

    publishContest: (ref: string, user: User) => setPublication(ref, user, 'published'),
    archiveContest: (ref: string, user: User) => setPublication(ref, user, 'archived'),

    /**
     * Staff set how many units of a product exist in all; the units left become that minus the
     * units held by pending and selected applications, never below them. The product's row is
     * locked meanwhile, so applications and declines in flight are counted exactly.
     */
    async setProductStock(
      ref: string,
      productId: number,
      user: User,
      total: number,
    ): Promise<ProductStockResponse> {
      const { actor, row } = await managedRecord(ref, user);
      assertStaff(actor);
      if (!(await repo.isProductOffered(db, row.id, productId))) {
        throw new AppError('not_found', CONTEST_ADMIN_MESSAGES.productUnknown);
      }
      return db.transaction(async (tx) => {
        const stock = (await repo.lockProductStock(tx, productId))!;
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
    async productStock(ref: string, user: User): Promise<ProductStockResponse[]> {
      const { row } = await managedRecord(ref, user);
      const products = await repo.listContestProducts(db, row.id);
      const result: ProductStockResponse[] = [];
      for (const product of products) {
        const stock = (await repo.lockProductStock(db, product.id))!;
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
    async brandOptions(user: User): Promise<BrandOption[]> {
      const actor = (await actorOf(user))!;
      if (actor.role !== 'staff' && actor.brandId === null) return [];
      return repo.listBrands(db, actor.role === 'staff' ? null : actor.brandId);
    },

    /** The brand dashboard: the brand's contests (staff: every contest), drafts included, with counts. */
    async managedContests(user: User): Promise<BrandContest[]> {
      const actor = (await actorOf(user))!;
      if (actor.role !== 'staff' && actor.brandId === null) return [];
      const rows = await repo.listManagedContests(db, actor.role === 'staff' ? null : actor.brandId);
      return rows.map(toBrandContest);
    },

    /**
     * The contest a staff or brand user runs, for the selection module: 404 for another brand's
     * draft, 403 for anyone else who does not run it.
     */
    async managedContest(ref: string, user: User) {
      const { actor, row } = await managedRecord(ref, user);
      return { actor, contest: (await withProducts([row]))[0]! };
    },

    /** All contests with their products, or those in one status ('active' = open, production or judging). */
    async listContests(filter?: ContestFilter, user?: User): Promise<ContestResponse[]> {
      const actor = await actorOf(user);
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

    /** The products a contest offers, in its order, with live stock. */
    async listContestProducts(ref: string, user?: User): Promise<ProductResponse[]> {
      // The contest's row only (not its products as the contest page shows them): one query less.
      const contest = await repo.findContest(db, parseContestRef(ref));
      if (
        !contest ||
        (contest.publicationStatus === 'draft' && !canSeeContest(await actorOf(user), contest))
      ) {
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
        if (!(await repo.isCatalogEmpty(tx))) return false;
        const writer: CatalogWriter = contestsServiceOn(tx, deps, clock);
        await work(writer);
        return true;
      });
    },

    /**
     * Applies a creator to a contest: one application per creator, and one unit of the chosen
     * product reserved in the same transaction, so a product is never given away twice. The
     * confirmation e-mail is queued after the commit.
     */
    async apply(
      ref: string,
      user: { id: number; role: Role },
      payload: ApplicationPayload,
    ): Promise<ApplicationResponse> {
      assertCanApply(user);
      const row = await repo.findContest(db, parseContestRef(ref));
      if (!row) throw AppError.validation({ contest: [MESSAGES.application.invalidContest] });
      // A draft does not exist for creators.
      if (row.publicationStatus === 'draft') throw new AppError('not_found', MESSAGES.generic.notFound);
      const contest = (await withProducts([row]))[0]!;
      if (!contest.accepting_applications) {
        throw AppError.validation({ contest: [MESSAGES.application.contestClosed] });
      }
      const errors = applicationErrors(payload);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const product = contest.products.find((p) => p.id === payload.product_id);
      if (!product) throw AppError.validation({ product_id: [CONTEST_MESSAGES.invalidProduct] });
      if (await repo.hasApplied(db, contest.id, user.id)) {
        throw new AppError('conflict', MESSAGES.application.alreadyApplied);
      }

      const outOfStock = () =>
        new AppError('conflict', MESSAGES.application.outOfStock, {
          product_id: [MESSAGES.application.outOfStock],
        });

      const address = trimAddress(payload.shipping_address);
      const saved = await findSavedShippingAddress(db, user.id);
      const result = await db
        .transaction(async (tx) => {
          // The application first and the unit last: the product's row is locked only from the
          // reservation to the commit, so many creators applying at once wait on it briefly.
          const application = await repo.insertApplication(tx, {
            contestId: contest.id,
            userId: user.id,
            productId: payload.product_id,
            fullName: payload.full_name.trim(),
            email: payload.email.trim(),
            phoneNumber: payload.phone_number.trim(),
            bio: payload.bio.trim(),
            shippingAddress: address,
            youtubeUrl: payload.youtube_url.trim(),
            instagramUrl: payload.instagram_url.trim(),
            portfolioUrl: payload.portfolio_url.trim(),
            termsAcceptedAt: new Date(),
          });
          // A new address becomes the creator's saved one; the saved one sent back is left alone.
          if (!saved || !sameAddress(saved, address)) await saveShippingAddress(tx, user.id, address);
          const stockLeft = await repo.reserveOneUnit(tx, payload.product_id);
          if (stockLeft === null) throw outOfStock();
          return { application, stockLeft };
        })
        .catch((error: unknown) => {
          // Two requests of one creator racing past the check above: the unique index decides.
          if (isUniqueViolation(error)) throw new AppError('conflict', MESSAGES.application.alreadyApplied);
          throw error;
        });

      // The application stands even if the confirmation cannot be queued; that is logged. It goes to
      // the account's own (verified) address, never to the one typed in the form (issue 18 M1).
      try {
        const to = await findAccountEmail(db, user.id);
        if (!to) throw new Error('the applicant has no account address');
        await deps.queue.send(
          sendEmailJob,
          applicationConfirmationEmail({
            to,
            fullName: payload.full_name,
            contest,
            productName: product.name,
          }),
        );
      } catch (error) {
        deps.log.error(
          { err: error, applicationId: result.application.id },
          'could not queue the application confirmation',
        );
      }

      return toApplication(result.application, result.stockLeft);
    },
  };
}

/** The stored columns of a contest record, as checkContestBody makes them (the audit's before). */
function recordToColumns(row: repo.ContestRecord) {
  return {
    slug: row.slug,
    title: row.title,
    tagline: row.tagline,
    description: row.description,
    brandId: row.brandId,
    thumbnailUrl: row.thumbnailUrl,
    bannerUrl: row.bannerUrl,
    prizeCents: row.prizeCents,
    currency: row.currency,
    eligibility: row.eligibility,
    brief: row.brief,
    requirements: row.requirements,
    videoRequirements: row.videoRequirements,
    landing: row.landing,
    rubric: row.rubric,
    timezone: row.timezone,
    startsAt: row.startsAt,
    applicationDeadline: row.applicationDeadline,
    submissionDeadline: row.submissionDeadline,
    judgingStartsAt: row.judgingStartsAt,
    judgingEndsAt: row.judgingEndsAt,
    winnersAt: row.winnersAt,
  };
}

function trimAddress(a: ApplicationPayload['shipping_address']): ShippingAddress {
  return {
    line1: a.line1.trim(),
    line2: a.line2.trim(),
    city: a.city.trim(),
    state: a.state.trim(),
    postal: a.postal.trim(),
    country: a.country.trim(),
  };
}

function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  return (Object.keys(a) as Array<keyof ShippingAddress>).every((key) => a[key] === b[key]);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
