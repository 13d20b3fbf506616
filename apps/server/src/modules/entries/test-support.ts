import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { ContestResponse, Video, VideoRequirements } from '@app/domain';
import { applications, users } from '../../db/schema/index';
import type { TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { secondContest } from '../../../test/second-contest';
import { ffmpegClip } from '../../../test/ffmpeg-clip';
import { multipartBody } from '../../../test/video-clips';
import { createApplicationsService } from '../applications';
import { createContestsService } from '../contests';

let contestCount = 0;

/**
 * A contest of its own brand with the given video requirements; `submissionDeadline` in the past
 * makes one whose submissions are closed. Returns it with a brand user of its brand.
 */
export async function createEntryContest(
  ctx: TestContext,
  requirements: Partial<VideoRequirements>,
  options: { submissionDeadlinePassed?: boolean } = {},
): Promise<{ contest: ContestResponse; brandUser: TestUser }> {
  contestCount += 1;
  const suffix = `e${contestCount}-${Date.now().toString(36)}`;
  const day = 24 * 60 * 60 * 1000;
  const now = options.submissionDeadlinePassed ? new Date(Date.now() - 40 * day) : new Date();
  const { brand, contest } = secondContest(suffix, now);
  const service = createContestsService(ctx.deps);
  const created = await service.createBrand(brand);
  const made = await service.createContest({
    ...contest,
    brand_id: created.id,
    video_requirements: {
      aspect_ratio: null,
      min_seconds: null,
      max_seconds: null,
      min_width: null,
      min_height: null,
      containers: [],
      duration_tolerance_seconds: 0,
      ...requirements,
    },
  });
  const brandUser = await createUser(ctx, {
    role: 'brand',
    brandId: created.id,
    firstName: 'Bea',
    lastName: 'Brand',
  });
  return { contest: made, brandUser };
}

const selectors = new WeakMap<TestContext, TestUser>();

/**
 * Makes `userId` a selected creator of the contest: their pending application (the row the apply
 * step writes; written here so that any number of creators fit the contest's small stock and a
 * contest whose applications are closed can still have one), then the real selection by staff
 * through the applications service (audited, the "You are selected" e-mail queued). Returns once
 * that e-mail is in the outbox (when the context writes one), so the creator's later e-mails come
 * after it.
 */
export async function selectApplicant(ctx: TestContext, contest: ContestResponse, userId: number) {
  const db = ctx.deps.database.db;
  const [existing] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.contestId, contest.id), eq(applications.userId, userId)));
  if (existing?.status === 'selected') return;
  const applicationId =
    existing?.id ??
    (
      await db
        .insert(applications)
        .values({
          contestId: contest.id,
          userId,
          productId: contest.products[0]!.id,
          fullName: 'Selected Creator',
          email: 'selected@example.com',
          shippingAddress: {
            line1: '1 Main St',
            line2: '',
            city: 'Town',
            state: 'ST',
            postal: '12345',
            country: 'US',
          },
          termsAcceptedAt: new Date(),
        })
        .returning({ id: applications.id })
    )[0]!.id;
  let staff = selectors.get(ctx);
  if (!staff) {
    staff = await createUser(ctx, { role: 'staff' });
    selectors.set(ctx, staff);
  }
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const before = ctx.mailsTo(account!.email).length;
  await createApplicationsService(ctx.deps, { contests: createContestsService(ctx.deps) }).select(
    applicationId,
    staff,
  );
  // A context that sends through an SMTP server (SMTP_URL) writes no outbox: its test reads the server.
  if (!ctx.config.SMTP_URL) await ctx.waitForEmails(account!.email, before + 1);
}

/**
 * A tiny clip made with ffmpeg: a flat colour at a few frames a second, so even 45 s encode in a
 * moment. `rotate` remuxes it with a rotation tag (phones record sideways and tag it).
 */
export function makeClip(options: {
  width: number;
  height: number;
  seconds: number;
  rate?: number;
  rotate?: number;
}): string {
  const plain = ffmpegClip('mp4', [
    '-f',
    'lavfi',
    '-i',
    `color=c=0x2DD4BF:size=${options.width}x${options.height}:rate=${options.rate ?? 5}:duration=${options.seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
  ]);
  if (!options.rotate) return plain;
  return ffmpegClip('mov', [
    '-i',
    plain,
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${options.rotate}`,
    '-f',
    'mov',
  ]);
}

/** Uploads a clip through the multipart upload (real ffprobe metadata) and returns the video. */
export async function uploadClip(
  ctx: TestContext,
  user: TestUser,
  file: string,
  title: string,
): Promise<Video> {
  const body = multipartBody(
    { title },
    { filename: path.basename(file), type: 'video/mp4', bytes: readFileSync(file) },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/videos/upload/',
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<Video>();
}

/** Waits until the video's processing has settled (ready or failed). */
export async function waitForVideo(
  ctx: TestContext,
  user: TestUser,
  id: number,
  timeoutMs = 60_000,
): Promise<Video> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/videos/videos/${id}/`,
      headers: user.headers,
    });
    const video = res.json<Video>();
    if (video.status !== 'processing') return video;
    if (Date.now() > deadline) throw new Error(`video ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
