import {
  ACTIVE_CONTEST_STATUSES,
  applicationErrors,
  CONTEST_MESSAGES,
  createBrandBodySchema,
  createContestBodySchema,
  MESSAGES,
  type ApplicationPayload,
  type ApplicationResponse,
  type ContestFilter,
  type ContestProduct,
  type ContestResponse,
  type CreateBrandBody,
  type CreateContestBody,
  type ProductResponse,
  type Role,
  type ShippingAddress,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { applicationConfirmationEmail } from './contests.emails';
import { assertCanApply } from './contests.policy';
import { toApplication, toContest, toContestProduct, toProduct } from './contests.presenter';
import * as repo from './contests.repository';
import {
  findAccountEmail,
  findSavedShippingAddress,
  saveShippingAddress,
} from '../creators/creators.service';

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

  async function findContest(ref: string): Promise<ContestResponse | null> {
    const row = await repo.findContest(db, parseContestRef(ref));
    return row ? (await withProducts([row]))[0]! : null;
  }

  async function getContest(ref: string): Promise<ContestResponse> {
    const contest = await findContest(ref);
    if (!contest) throw new AppError('not_found', MESSAGES.generic.notFound);
    return contest;
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

  async function createContest(
    body: CreateContestBody,
    options: { id?: number; productIds?: number[] } = {},
  ): Promise<ContestResponse> {
    const parsed = createContestBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || 'contest';
        (errors[key] ??= []).push(issue.message);
      }
      throw AppError.validation(errors);
    }
    const contest = parsed.data;
    const dates = [
      contest.starts_at,
      contest.application_deadline,
      contest.submission_deadline,
      contest.judging_starts_at,
      contest.judging_ends_at,
      contest.winners_at,
    ].map((iso) => new Date(iso));
    if (dates.some((date, i) => i > 0 && date < dates[i - 1]!)) {
      throw AppError.validation({
        timeline: ['The dates must follow each other: start, applications, videos, judging, winners.'],
      });
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
    if (await repo.contestSlugTaken(db, contest.slug)) {
      throw AppError.validation({ slug: ['Another contest has this slug.'] });
    }

    const id = await db.transaction(async (tx) => {
      const [startsAt, applicationDeadline, submissionDeadline, judgingStartsAt, judgingEndsAt, winnersAt] =
        dates as [Date, Date, Date, Date, Date, Date];
      const contestId = await repo.insertContest(tx, {
        ...(options.id ? { id: options.id } : {}),
        slug: contest.slug,
        title: contest.title,
        tagline: contest.tagline,
        description: contest.description,
        brandId: contest.brand_id,
        thumbnailUrl: contest.thumbnail,
        bannerUrl: contest.banner,
        prizeCents: contest.prize * 100,
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
        timezone: contest.timezone,
        startsAt,
        applicationDeadline,
        submissionDeadline,
        judgingStartsAt,
        judgingEndsAt,
        winnersAt,
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
      return contestId;
    });
    return getContest(String(id));
  }

  return {
    /** All contests with their products, or those in one status ('active' = open, production or judging). */
    async listContests(filter?: ContestFilter): Promise<ContestResponse[]> {
      const all = await withProducts(await repo.listContests(db));
      if (!filter) return all;
      return all.filter((c) =>
        filter === 'active' ? ACTIVE_CONTEST_STATUSES.includes(c.status) : c.status === filter,
      );
    },

    /** One contest by id or slug, with its products and page content; 404 when there is none. */
    getContest,

    /** The products a contest offers, in its order, with live stock. */
    async listContestProducts(ref: string): Promise<ProductResponse[]> {
      const contest = await getContest(ref);
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
      const contest = await findContest(ref);
      if (!contest) throw AppError.validation({ contest: [MESSAGES.application.invalidContest] });
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

      const address = trimAddress(payload.shipping_address);
      const saved = await findSavedShippingAddress(db, user.id);
      const result = await db
        .transaction(async (tx) => {
          const stockLeft = await repo.reserveOneUnit(tx, payload.product_id);
          if (stockLeft === null) {
            throw new AppError('conflict', MESSAGES.application.outOfStock, {
              product_id: [MESSAGES.application.outOfStock],
            });
          }
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
