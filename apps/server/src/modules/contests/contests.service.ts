import {
  ACTIVE_CONTEST_STATUSES,
  applicationErrors,
  CONTEST_MESSAGES,
  contestDeadline,
  contestStatusAt,
  formatContestDate,
  MESSAGES,
  productStatus,
  type ApplicationPayload,
  type ApplicationResponse,
  type ContestResponse,
  type ContestFilter,
  type ContestTimeline,
  type ProductResponse,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import * as repo from './contests.repository';

/**
 * Brand ids the original product answered for the same catalogue: its data listed the chairs under
 * brand 1 and brand 4 (spec §7). Both keep working and read the same rows (docs/spec-decisions.md).
 */
const BRAND_ALIASES: Record<number, number> = { 4: 1 };

function timelineOf(row: repo.ContestRow): ContestTimeline {
  return {
    starts_at: row.startsAt.toISOString(),
    application_deadline: row.applicationDeadline.toISOString(),
    submission_deadline: row.submissionDeadline.toISOString(),
    judging_starts_at: row.judgingStartsAt.toISOString(),
    judging_ends_at: row.judgingEndsAt.toISOString(),
    winners_at: row.winnersAt.toISOString(),
  };
}

function toContestResponse(row: repo.ContestRow, now: Date): ContestResponse {
  const timeline = timelineOf(row);
  const status = contestStatusAt(timeline, now);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    tagline: row.tagline,
    description: row.description,
    brand: { id: row.brand.id, name: row.brand.name, slug: row.brand.slug, logo_url: row.brand.logoUrl },
    thumbnail: row.thumbnailUrl || null,
    banner: row.bannerUrl || null,
    prize: row.prizeCents / 100,
    currency: row.currency,
    eligibility: {
      country: row.eligibility.country,
      minimum_age: row.eligibility.minimumAge,
      experience: row.eligibility.experience,
    },
    brief: row.brief,
    requirements: row.requirements,
    timezone: row.timezone,
    ...timeline,
    deadline: contestDeadline(timeline, now),
    status,
    accepting_applications: status === 'open',
  };
}

function toProductResponse(row: repo.ProductRow): ProductResponse {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    status: productStatus(row.stockQuantity),
    stock_quantity: row.stockQuantity,
  };
}

/** '12' → 12, 'hbada-chair-contest' → the slug. */
function parseContestRef(ref: string): number | string {
  return /^\d+$/.test(ref) ? Number(ref) : ref;
}

export function createContestsService(deps: AppDeps, clock: () => Date = () => new Date()) {
  const db = deps.database.db;

  async function getContest(ref: string): Promise<ContestResponse> {
    const row = await repo.findContest(db, parseContestRef(ref));
    if (!row) throw new AppError('not_found', MESSAGES.generic.notFound);
    return toContestResponse(row, clock());
  }

  return {
    /** All contests, or those in one status ('active' = open, production or judging). */
    async listContests(filter?: ContestFilter): Promise<ContestResponse[]> {
      const now = clock();
      const all = (await repo.listContests(db)).map((row) => toContestResponse(row, now));
      if (!filter) return all;
      return all.filter((c) =>
        filter === 'active' ? ACTIVE_CONTEST_STATUSES.includes(c.status) : c.status === filter,
      );
    },

    getContest,

    async listContestProducts(ref: string): Promise<ProductResponse[]> {
      const contest = await getContest(ref);
      return (await repo.listContestProducts(db, contest.id)).map(toProductResponse);
    },

    async listBrandProducts(brandId: number): Promise<ProductResponse[]> {
      const rows = await repo.listBrandProducts(db, BRAND_ALIASES[brandId] ?? brandId);
      return rows.map(toProductResponse);
    },

    /**
     * Applies a creator to a contest: one application per creator, and one unit of the chosen
     * product reserved in the same transaction, so a chair is never given away twice.
     */
    async apply(ref: string, userId: number, payload: ApplicationPayload): Promise<ApplicationResponse> {
      const row = await repo.findContest(db, parseContestRef(ref));
      if (!row) throw AppError.validation({ contest: [MESSAGES.application.invalidContest] });
      const contest = toContestResponse(row, clock());
      if (!contest.accepting_applications) {
        throw AppError.validation({ contest: [MESSAGES.application.contestClosed] });
      }
      const errors = applicationErrors(payload);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      if (!(await repo.isProductOffered(db, contest.id, payload.product_id))) {
        throw AppError.validation({ product_id: [CONTEST_MESSAGES.invalidProduct] });
      }
      if (await repo.hasApplied(db, contest.id, userId)) {
        throw new AppError('conflict', MESSAGES.application.alreadyApplied);
      }

      const address = trimAddress(payload.shipping_address);
      const saved = await repo.findSavedShipping(db, userId);
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
            userId,
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
          if (!saved || !sameAddress(saved, address)) await repo.saveShipping(tx, userId, address);
          return { application, stockLeft };
        })
        .catch((error: unknown) => {
          // Two requests of one creator racing past the check above: the unique index decides.
          if (isUniqueViolation(error)) throw new AppError('conflict', MESSAGES.application.alreadyApplied);
          throw error;
        });

      // The application stands even if the confirmation cannot be queued; that is logged.
      try {
        const product = (await repo.listContestProducts(db, contest.id)).find(
          (p) => p.id === payload.product_id,
        );
        await deps.queue.send(
          sendEmailJob,
          confirmationEmail(contest, payload, product?.name ?? 'your chair'),
        );
      } catch (error) {
        deps.log.error(
          { err: error, applicationId: result.application.id },
          'could not queue the application confirmation',
        );
      }

      return {
        id: result.application.id,
        contest_id: result.application.contestId,
        product_id: result.application.productId,
        status: result.application.status,
        created_at: result.application.createdAt.toISOString(),
        stock_quantity: result.stockLeft,
      };
    },
  };
}

export type ContestsService = ReturnType<typeof createContestsService>;

function trimAddress(a: ApplicationPayload['shipping_address']): repo.SavedShipping {
  return {
    line1: a.line1.trim(),
    line2: a.line2.trim(),
    city: a.city.trim(),
    state: a.state.trim(),
    postal: a.postal.trim(),
    country: a.country.trim(),
  };
}

function sameAddress(a: repo.SavedShipping, b: repo.SavedShipping): boolean {
  return (Object.keys(a) as Array<keyof repo.SavedShipping>).every((key) => a[key] === b[key]);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

function confirmationEmail(contest: ContestResponse, payload: ApplicationPayload, productName: string) {
  const firstName = payload.full_name.trim().split(/\s+/)[0] ?? '';
  const deadline = formatContestDate(contest.submission_deadline, contest.timezone, { time: true });
  const winners = formatContestDate(contest.winners_at, contest.timezone);
  const lines = [
    `Hi ${firstName},`,
    '',
    `Thank you for applying to ${contest.title}. We received your application for the ${productName}.`,
    '',
    'What happens next: our team reviews every application. Selected creators get a call, then receive',
    `the brief by e-mail and SMS and their chair at the shipping address you gave. Videos are due ${deadline};`,
    `winners are announced on ${winners}.`,
    '',
    '— The contest team',
  ];
  const text = lines.join('\n');
  const html = lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('');
  return { to: payload.email.trim(), subject: `Your application to ${contest.title}`, text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
