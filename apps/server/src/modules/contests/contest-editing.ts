import {
  CONTEST_ADMIN_MESSAGES,
  createBrandBodySchema,
  createContestBodySchema,
  updateContestBodySchema,
  type ContestResponse,
  type CreateBrandBody,
  type CreateContestBody,
  type CreateContestData,
  type UpdateContestBody,
  type UpdateProductBody,
} from '@app/domain';
import { AppError } from '../../lib/errors';
import type { ContestAccess } from './contest-access';
import { assertStaff } from '../../lib/policy';
import { assertCanCreateFor, assertCanEdit } from './contests.policy';
import * as repo from './contests.repository';
import type { ContestsOwners } from './contests.owners';
import { toEligibility, toStoredEligibility } from './contests.presenter';
import { recordAudit } from '../audit';
import { brandExists, insertBrand } from '../accounts';
import type { Caller } from '../../plugins/auth';

/**
 * Brand ids the original product answered for the same catalogue: its data listed the chairs under
 * brand 1 and brand 4 (spec §7). Both keep working and read the same rows (docs/spec-decisions.md),
 * and no new brand is ever given an alias id.
 */
export const BRAND_ALIASES: Record<number, number> = { 4: 1 };
const HIGHEST_ALIAS_ID = Math.max(...Object.keys(BRAND_ALIASES).map(Number));

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
    eligibility: toEligibility(row.eligibility),
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

/** Creating brands and contests, editing a contest, publishing and archiving it; audited. */
export function contestEditing({ db, getContest, managedRecord }: ContestAccess) {
  async function createBrand(body: CreateBrandBody, options: { id?: number } = {}) {
    const brand = createBrandBodySchema.parse(body);
    return db.transaction(async (tx) => {
      // Ids up to the highest alias are never handed out by the sequence.
      return insertBrand(
        tx,
        {
          ...(options.id ? { id: options.id } : {}),
          name: brand.name,
          slug: brand.slug,
          description: brand.description,
          logoUrl: brand.logo_url,
          website: brand.website,
        },
        HIGHEST_ALIAS_ID,
      );
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
    if (!(await brandExists(db, contest.brand_id))) {
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
      eligibility: toStoredEligibility(contest.eligibility),
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
    options: { id?: number; productIds?: number[]; actor?: Caller } = {},
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
  async function updateContest(
    ref: string,
    user: Caller,
    patch: UpdateContestBody,
    owners: Pick<ContestsOwners, 'productsWithApplications'>,
  ): Promise<ContestResponse> {
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
        if ((await owners.productsWithApplications(tx, removed)).length) {
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
    user: Caller,
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

  return { createBrand, createContest, updateContest, setPublication };
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
