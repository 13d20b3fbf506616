import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { CHAIR_IDS, type ContestResponse } from '@app/domain';
import { brandProfiles, invitations, videos } from '../src/db/schema/index';
import { seedIfEmpty } from '../src/db/seed/index';
import { createContestsService } from '../src/modules/contests/contests.service';
import { contestBody } from './contest-ops';
import { createUser, createVideoRow, type TestUser } from './factories';
import type { TestContext } from './helper';
import { secondContest } from './second-contest';
import { multipartBody } from './video-clips';

/** The six callers every route is tried with. */
export const ACTORS = ['anonymous', 'creator', 'otherCreator', 'brand', 'otherBrand', 'staff'] as const;
export type Actor = (typeof ACTORS)[number];

/** A CSRF token pair the creator-profile PATCH accepts (double submit: cookie and header agree). */
export const CSRF_TOKEN = 'proof-suite-csrf-token-0123456789abcdef';

/**
 * One shared fixture for the proof suites: a user of every role, a brand with its contest (the
 * seeded chair contest, brand 1) and another brand with its own contest, the owner's videos (one
 * waiting for review with a real original file, one approved), the owner's application, and
 * `fresh.*` makers for routes that consume what they act on (delete, decide, accept...).
 *
 * "creator" is the owner of everything creator-owned here; "brand" is a user of brand 1, whose
 * contest is `contest`; "otherBrand" is a user of the second brand.
 */
export interface World {
  ctx: TestContext;
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  /** `{ authorization }` for the actor, `{}` for anonymous. */
  headers(actor: Actor): Record<string, string>;
  contest: ContestResponse;
  otherContest: ContestResponse;
  brandId: number;
  otherBrandId: number;
  /** The owner's video waiting for review, with a stored original. */
  video: { id: number; key: string };
  /** A draft contest of brand 1 (made by `users.brand`): seen by its brand and staff only. */
  draftContest: ContestResponse;
  /** A small real PNG (made with sharp), for image uploads. */
  png: Buffer;
  /** A multipart body with `png` as `image` (POST /api/contests/images/). */
  imageBody(): { payload: Buffer; headers: Record<string, string> };
  /** The owner's approved video: public. */
  approvedVideo: { id: number; key: string };
  /** A real small MP4 clip, for uploads. */
  clip: Buffer;
  /** A valid application body for a contest of the chair kind (product from `productId`). */
  applyBody(productId?: number): Record<string, unknown>;
  /** A multipart body with a real clip (POST /api/videos/upload/). */
  uploadBody(): { payload: Buffer; headers: Record<string, string> };
  /** An unused invitation token (brand role, brand 1). */
  fresh: {
    video(owner?: TestUser, status?: 'ready' | 'processing'): Promise<{ id: number; key: string }>;
    creator(): Promise<TestUser>;
    invitationToken(): Promise<string>;
    email(): string;
    /** A refresh token of a fresh sign-in of the owner. */
    refreshToken(): Promise<string>;
    /** A tus upload the owner started (its id in the URL). */
    tusUpload(): Promise<string>;
    ip(): string;
    /** A new draft contest of brand 1 (made by `users.brand`). */
    draftContest(): Promise<ContestResponse>;
    /**
     * The id of a new application to `contest` (a fresh creator applied through the API, one unit
     * of stock added first), pending, or moved on by its brand's user: selected, or selected and
     * shipped.
     */
    application(state?: 'pending' | 'selected' | 'shipped'): Promise<number>;
  };
}

let ipCounter = 0;

export async function createWorld(ctx: TestContext): Promise<World> {
  await seedIfEmpty(ctx.deps);
  const contests = createContestsService(ctx.deps);
  const contest = (await contests.getContest('1'))!;
  const second = secondContest(randomUUID().slice(0, 6));
  const otherBrand = await contests.createBrand(second.brand);
  const otherContest = await contests.createContest({ ...second.contest, brand_id: otherBrand.id });

  const users = {
    creator: await createUser(ctx, { role: 'creator', firstName: 'Owen', lastName: 'Owner' }),
    otherCreator: await createUser(ctx, { role: 'creator', firstName: 'Olga', lastName: 'Other' }),
    brand: await createUser(ctx, { role: 'brand' }),
    otherBrand: await createUser(ctx, { role: 'brand' }),
    staff: await createUser(ctx, { role: 'staff' }),
  };
  const db = ctx.deps.database.db;
  await db
    .update(brandProfiles)
    .set({ brandId: contest.brand.id })
    .where(eq(brandProfiles.userId, users.brand.id));
  await db
    .update(brandProfiles)
    .set({ brandId: otherBrand.id })
    .where(eq(brandProfiles.userId, users.otherBrand.id));

  const clip = smallClip();
  const { default: sharp } = await import('sharp');
  const png = await sharp({
    create: { width: 16, height: 9, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const brandActor = { id: users.brand.id, role: 'brand' as const, brandId: contest.brand.id };
  const newDraft = () => contests.createContest(contestBody(contest.brand.id), { actor: brandActor });
  const draftContest = await newDraft();

  const storedVideo = async (owner: TestUser, status: 'ready' | 'processing' = 'ready') => {
    const row = await createVideoRow(ctx, owner, { status });
    const [full] = await db.select({ key: videos.originalKey }).from(videos).where(eq(videos.id, row.id));
    await ctx.deps.storage.put(full!.key, clip);
    await db.update(videos).set({ sizeBytes: clip.length }).where(eq(videos.id, row.id));
    return { id: row.id, key: full!.key };
  };

  const video = await storedVideo(users.creator);
  const approvedVideo = await storedVideo(users.creator);
  await db.execute(sql`update videos set review_status = 'approved' where id = ${approvedVideo.id}`);

  const applyBody = (productId: number = CHAIR_IDS.X7) => ({
    full_name: 'Owen Owner',
    email: users.creator.email,
    phone_number: '+15551234567',
    bio: 'Cinematographer in Austin, TX.',
    shipping_address: {
      line1: '12 Elm St',
      line2: '',
      city: 'Austin',
      state: 'TX',
      postal: '78701',
      country: 'US',
    },
    product_id: productId,
    terms_accepted: true,
    youtube_url: '',
    instagram_url: '',
    portfolio_url: '',
  });
  const applied = await ctx.app.inject({
    method: 'POST',
    url: `/api/contests/${contest.id}/apply/`,
    headers: users.creator.headers,
    payload: applyBody(),
  });
  if (applied.statusCode !== 201) throw new Error(`world: the owner could not apply: ${applied.body}`);

  const world: World = {
    ctx,
    users,
    headers: (actor) => (actor === 'anonymous' ? {} : users[actor].headers),
    contest,
    otherContest,
    brandId: contest.brand.id,
    otherBrandId: otherBrand.id,
    draftContest,
    png,
    imageBody: () =>
      multipartBody({}, { name: 'image', filename: 'banner.png', type: 'image/png', bytes: png }),
    video,
    approvedVideo,
    clip,
    applyBody,
    uploadBody: () =>
      multipartBody(
        { title: 'Proof clip', description: 'Made by the proof suite' },
        { filename: 'clip.mp4', type: 'video/mp4', bytes: clip },
      ),
    fresh: {
      video: (owner = users.creator, status = 'ready') => storedVideo(owner, status),
      creator: () => createUser(ctx, { role: 'creator' }),
      async invitationToken() {
        const token = randomBytes(32).toString('base64url');
        await db.insert(invitations).values({
          tokenHash: createHash('sha256').update(token).digest('hex'),
          email: world.fresh.email(),
          role: 'brand',
          brandId: contest.brand.id,
          invitedBy: users.staff.id,
          expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
        });
        return token;
      },
      email: () => `fresh-${randomUUID().slice(0, 12)}@example.com`,
      async refreshToken() {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/accounts/auth/login/',
          payload: { email: users.creator.email, password: users.creator.password },
          remoteAddress: world.fresh.ip(),
        });
        if (res.statusCode !== 200) throw new Error(`world: sign-in failed: ${res.body}`);
        return res.json<{ refresh: string }>().refresh;
      },
      async tusUpload() {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/videos/uploads/',
          headers: {
            ...users.creator.headers,
            'tus-resumable': '1.0.0',
            'upload-length': String(clip.length),
            'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')},title ${Buffer.from('Resumable').toString('base64')}`,
          },
        });
        if (res.statusCode !== 201)
          throw new Error(`world: tus creation failed: ${res.statusCode} ${res.body}`);
        return String(res.headers.location).split('/').pop()!;
      },
      ip() {
        ipCounter += 1;
        return `10.200.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
      },
      draftContest: newDraft,
      async application(state = 'pending') {
        const applicant = await createUser(ctx, { role: 'creator' });
        const productId = contest.products[0]!.id;
        await db.execute(
          sql`update products set stock_quantity = stock_quantity + 1 where id = ${productId}`,
        );
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/contests/${contest.id}/apply/`,
          headers: applicant.headers,
          payload: { ...applyBody(productId), email: applicant.email },
        });
        if (res.statusCode !== 201) throw new Error(`world: a fresh creator could not apply: ${res.body}`);
        const id = res.json<{ id: number }>().id;
        const step = async (path: string, payload: Record<string, string>) => {
          const done = await ctx.app.inject({
            method: 'POST',
            url: `/api/applications/${id}/${path}/`,
            headers: users.brand.headers,
            payload,
          });
          if (done.statusCode !== 200) throw new Error(`world: ${path} failed: ${done.body}`);
        };
        if (state !== 'pending') await step('select', {});
        if (state === 'shipped') await step('shipment', { carrier: 'UPS', tracking_number: '1Z999' });
        return id;
      },
    },
  };
  return world;
}

/** One second of a small real MP4 (ffmpeg test pattern), made once per file. */
function smallClip(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'world-clip-'));
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...[
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}
