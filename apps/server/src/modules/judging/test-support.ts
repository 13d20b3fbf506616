import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RubricCriterion } from '@app/domain';
import type { Database } from '../../db/client';
import { lastRoundIdOf } from '../../../test/factories';
import {
  applications,
  brands,
  contestEntries,
  contestProducts,
  contests,
  entryEvents,
  entryVersions,
  products,
  videos,
} from '../../db/schema/index';

/**
 * Test data for judging, written straight into the tables (the contest operations and entries
 * endpoints are other modules): a contest with a rubric whose judging window is open, and
 * creators' entries with processed videos. Used by the API tests and the e2e seed.
 */

const DAY = 24 * 3600 * 1000;

export const TEST_RUBRIC: RubricCriterion[] = [
  { name: 'Story', weight: 50 },
  { name: 'Product', weight: 30 },
  { name: 'Craft', weight: 20 },
];

export interface JudgingContest {
  id: number;
  brandId: number;
  productId: number;
  title: string;
}

/** A brand, a product and a contest whose judging is open now (or `judging: 'before' | 'after'`). */
export async function makeJudgingContest(
  db: Database,
  options: {
    title?: string;
    rubric?: RubricCriterion[];
    judging?: 'open' | 'before' | 'after';
    brandId?: number;
    prizeCents?: number;
  } = {},
): Promise<JudgingContest> {
  const suffix = randomUUID().slice(0, 8);
  const brandId =
    options.brandId ??
    (
      await db
        .insert(brands)
        .values({ name: `Brand ${suffix}`, slug: `brand-${suffix}` })
        .returning({ id: brands.id })
    )[0]!.id;
  const [product] = await db
    .insert(products)
    .values({ brandId, code: `P${suffix}`, name: `Chair ${suffix}`, stockQuantity: 10 })
    .returning({ id: products.id });
  const now = Date.now();
  const judgingStart =
    options.judging === 'before' ? now + 2 * DAY : options.judging === 'after' ? now - 9 * DAY : now - DAY;
  const title = options.title ?? `Judged contest ${suffix}`;
  const [contest] = await db
    .insert(contests)
    .values({
      slug: `judged-${suffix}`,
      title,
      brandId,
      prizeCents: options.prizeCents ?? 500_000,
      eligibility: { country: 'US', minimumAge: 18, experience: 'any' },
      startsAt: new Date(judgingStart - 30 * DAY),
      applicationDeadline: new Date(judgingStart - 20 * DAY),
      submissionDeadline: new Date(judgingStart - 60_000),
      judgingStartsAt: new Date(judgingStart),
      judgingEndsAt: new Date(judgingStart + 7 * DAY),
      winnersAt: new Date(judgingStart + 8 * DAY),
      rubric: options.rubric ?? TEST_RUBRIC,
    })
    .returning({ id: contests.id });
  await db.insert(contestProducts).values({ contestId: contest!.id, productId: product!.id });
  return { id: contest!.id, brandId, productId: product!.id, title };
}

/**
 * A selected, shipped creator's entry with `versions` processed videos (the newest is judged);
 * returns the entry id and the video ids, oldest version first.
 */
export async function makeEntry(
  db: Database,
  contest: JudgingContest,
  creator: { id: number; email: string },
  options: { versions?: number; title?: string; submittedAt?: Date; approved?: boolean } = {},
): Promise<{ entryId: number; videoIds: number[] }> {
  const now = new Date();
  await db
    .insert(applications)
    .values({
      contestId: contest.id,
      userId: creator.id,
      productId: contest.productId,
      status: 'selected',
      decidedAt: now,
      shippingCarrier: 'UPS',
      trackingNumber: `1Z${randomUUID().slice(0, 10)}`,
      shippedAt: now,
      deliveredAt: now,
      fullName: 'Test Creator',
      email: creator.email,
      shippingAddress: { line1: '1 Main St', city: 'Austin', country: 'US' },
      termsAcceptedAt: now,
    })
    .onConflictDoNothing();
  const [entry] = await db
    .insert(contestEntries)
    .values({
      contestId: contest.id,
      roundId: await lastRoundIdOf(db, contest.id),
      userId: creator.id,
      status: 'in_review',
    })
    .returning({ id: contestEntries.id });
  const videoIds: number[] = [];
  const count = options.versions ?? 1;
  for (let version = 1; version <= count; version++) {
    const base = `videos/${randomUUID()}`;
    const [video] = await db
      .insert(videos)
      .values({
        ownerId: creator.id,
        title: `${options.title ?? 'Entry film'} v${version}`,
        contestId: contest.id,
        contestBrandId: contest.brandId,
        brandId: contest.brandId,
        originalKey: `${base}/original.mp4`,
        originalType: 'video/mp4',
        sizeBytes: 1000,
        status: 'ready',
        processingStage: 'done',
        processingPercent: 100,
        posterKey: `${base}/poster.jpg`,
        previewKey: `${base}/preview.mp4`,
        hlsKey: `${base}/hls/master.m3u8`,
        mp4Key: `${base}/mp4-720p.mp4`,
        reviewStatus: options.approved === false ? 'pending' : 'approved',
        durationSeconds: 75,
        width: 1080,
        height: 1920,
      })
      .returning({ id: videos.id });
    videoIds.push(video!.id);
    await db.insert(entryVersions).values({
      entryId: entry!.id,
      version,
      videoId: video!.id,
      ...(options.submittedAt ? { createdAt: new Date(options.submittedAt.getTime() + version) } : {}),
    });
    await db.insert(entryEvents).values({ entryId: entry!.id, step: 'uploaded', version });
  }
  return { entryId: entry!.id, videoIds };
}

/** The entry's status now (for assertions). */
export async function entryStatus(db: Database, entryId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: contestEntries.status })
    .from(contestEntries)
    .where(eq(contestEntries.id, entryId));
  return row?.status;
}
