import { CONTEST_ADMIN_MESSAGES, createContestBodySchema, type CreateContestData } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { brandExists } from '../accounts';
import { toEligibility, toStoredEligibility } from './contests.presenter';
import * as repo from './contests.repository';

/**
 * A contest's whole body as creating and editing share it: checking one (new, or an edit merged
 * with the stored contest), stating a stored contest as one, and the audit's view of its columns.
 */

/** The stored columns an audit row shows (dates as ISO strings). */
export function auditView(columns: Record<string, unknown>): Record<string, unknown> {
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
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => stableJson(before[key]) !== stableJson(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

export function validationError(issues: Array<{ path: PropertyKey[]; message: string }>): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'contest';
    (errors[key] ??= []).push(issue.message);
  }
  return AppError.validation(errors);
}

/** A stored contest as the create body states it (what an edit is merged onto). */
export function recordToBody(row: repo.ContestRecord, products: repo.ContestProductRow[]): CreateContestData {
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
    licence_terms: row.licenceTerms,
    landing: row.landing as CreateContestData['landing'],
    rubric: row.rubric,
    approvals_required: row.approvalsRequired,
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

/** The stored columns of a contest record, as checkContestBody makes them (the audit's before). */
export function recordToColumns(row: repo.ContestRecord) {
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
    licenceTerms: row.licenceTerms,
    landing: row.landing,
    rubric: row.rubric,
    approvalsRequired: row.approvalsRequired,
    timezone: row.timezone,
    startsAt: row.startsAt,
    applicationDeadline: row.applicationDeadline,
    submissionDeadline: row.submissionDeadline,
    judgingStartsAt: row.judgingStartsAt,
    judgingEndsAt: row.judgingEndsAt,
    winnersAt: row.winnersAt,
  };
}

/**
 * Checks a whole contest body (new, or an edit merged with the stored contest `existingId`): the
 * schema, the prize, the order of the dates, the product codes the landing content names, the
 * brand and the slug. Returns the body parsed and the contest's columns to store.
 */
export async function checkContestBody(db: DbOrTx, body: unknown, existingId?: number) {
  const parsed = createContestBodySchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const contest = parsed.data;
  const prizeCents = contest.prize_cents ?? (contest.prize === undefined ? undefined : contest.prize * 100);
  if (prizeCents === undefined) throw AppError.validation({ prize: [CONTEST_ADMIN_MESSAGES.prizeRequired] });
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
    licenceTerms: contest.licence_terms,
    landing: contest.landing,
    rubric: contest.rubric,
    approvalsRequired: contest.approvals_required,
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

export type CheckedContest = Awaited<ReturnType<typeof checkContestBody>>['contest'];
