import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { CHAIR_IDS, type ContestResponse } from '@app/domain';
import { entryQcRefusals, invitations, videos } from '../src/db/schema/index';
import { seedIfEmpty } from '../src/db/seed/index';
import { createContestsService } from '../src/modules/contests';
import { tusDirectory } from '../src/modules/videos';
import { contestBody } from './contest-ops';
import { createUser, createVideoRow, type TestUser } from './factories';
import type { TestContext } from './helper';
import { secondContest } from './second-contest';
import { ffmpegClip } from './ffmpeg-clip';
import { multipartBody } from './video-clips';
import { completePaperwork, PAYEE, postRelease, RELEASE_PDF } from '../src/modules/paperwork/test-support';
import { storeMaster } from '../src/modules/delivery/test-support';
import {
  TEST_RUBRIC,
  makeEntry,
  makeJudgingContest,
  type JudgingContest,
} from '../src/modules/judging/test-support';

/**
 * The callers every route is tried with: `brand` is an owner of brand 1 (as every brand user was
 * before teams), `voter` a verified voter account (issue 50), `brandManager`, `brandReviewer` and `brandViewer` members of brand 1 with those
 * roles (issue 49).
 */
export const ACTORS = [
  'anonymous',
  'creator',
  'otherCreator',
  'voter',
  'brand',
  'brandManager',
  'brandReviewer',
  'brandViewer',
  'otherBrand',
  'staff',
] as const;
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
  /** The owner's approved video: public (`previewKey`: its preview file, served at /media/). */
  approvedVideo: { id: number; key: string; previewKey: string };
  /** A real small MP4 clip, for uploads. */
  clip: Buffer;
  /** A valid application body for a contest of the chair kind (product from `productId`). */
  applyBody(productId?: number): Record<string, unknown>;
  /** A multipart body with a real clip (POST /api/videos/upload/). */
  uploadBody(): { payload: Buffer; headers: Record<string, string> };
  /**
   * The owner's entry in `contest`: the owner's application selected by staff through
   * POST /api/applications/:id/select/, a processed video submitted through
   * POST /api/contests/:id/entries/ (in review); `noteId` is a staff note pinned to its version 1.
   */
  entry: { id: number; noteId: number };
  /** The owner's application to `contest` (selected: `entry` came of it). */
  application: { id: number };
  /**
   * A video of the owner that the technical check's gate refused in `contest` (issue 51): held
   * for staff, who may let it through (POST /api/contests/:id/qc-overrides/).
   */
  qcRefusal: { contestId: number; videoId: number };
  /** A contest of brand 1 in its judging window (rubric TEST_RUBRIC), with the owner's entry. */
  judging: { contestId: number; entryId: number };
  /**
   * A contest of brand 1 whose results staff published (the owner's entry scored by staff and
   * placed first): a scorecard for the owner, and the owner's pending earning.
   */
  published: { contestId: number; entryId: number; earningId: number };
  /** A valid PUT /api/entries/:id/scores/ body for TEST_RUBRIC. */
  scoreBody(): { scores: Array<{ criterion: string; score: number }>; feedback: string };
  /** An unused invitation token (brand role, brand 1). */
  fresh: {
    video(owner?: TestUser, status?: 'ready' | 'processing'): Promise<{ id: number; key: string }>;
    creator(): Promise<TestUser>;
    invitationToken(): Promise<string>;
    /** The id of a new pending invitation. */
    invitationId(): Promise<number>;
    /** The id of a new member of brand 1's team (a viewer), to change or remove. */
    brandMember(): Promise<number>;
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
    /** A processed (probed: 75 s, 1080×1920, MP4) ready video of `owner` that meets the chair brief. */
    entryVideo(owner?: TestUser): Promise<{ id: number; key: string }>;
    /** A new entry in review in `contest`, of a fresh selected creator (through the API). */
    entry(): Promise<number>;
    /** A new contest of brand 1 in its judging window, with one entry of a fresh creator. */
    judgingContest(): Promise<{ contestId: number; entryId: number }>;
    /**
     * A new pending earning (results published for a fresh judging contest), its id; its winner's
     * paperwork is complete (a release approved, payee details), so staff may pay it.
     */
    earning(): Promise<number>;
    /** A new licence of brand 1 (results published for a fresh judging contest), the owner's. */
    licence(): Promise<string>;
    /** A new extension proposed (by staff) on a fresh licence of the owner, its id. */
    extension(): Promise<number>;
    /** A new pending release, its id: a fresh creator's, filed with their entry in brand 1's contest. */
    release(): Promise<number>;
  };
  /** A pending release the owner filed with `entry` (talent, a PDF); the owner has payee details. */
  release: { id: number };
}

let ipCounter = 0;
/** The tus uploads `fresh.tusUpload` started, cancelled before the next one starts. */
const tusUploads: string[] = [];

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
    voter: await createUser(ctx, { role: 'voter', firstName: 'Vera', lastName: 'Voter' }),
    brand: await createUser(ctx, { role: 'brand', brandId: contest.brand.id }),
    brandManager: await createUser(ctx, { role: 'brand', brandId: contest.brand.id, brandRole: 'manager' }),
    brandReviewer: await createUser(ctx, { role: 'brand', brandId: contest.brand.id, brandRole: 'reviewer' }),
    brandViewer: await createUser(ctx, { role: 'brand', brandId: contest.brand.id, brandRole: 'viewer' }),
    otherBrand: await createUser(ctx, { role: 'brand', brandId: otherBrand.id }),
    staff: await createUser(ctx, { role: 'staff' }),
  };
  const db = ctx.deps.database.db;

  const clip = smallClip();
  const { default: sharp } = await import('sharp');
  const png = await sharp({
    create: { width: 16, height: 9, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const brandActor = {
    id: users.brand.id,
    role: 'brand' as const,
    brandId: contest.brand.id,
    brandRole: 'owner' as const,
  };
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
  // Its public rendition (the original is never served at /media/).
  const approvedPreviewKey = approvedVideo.key.replace(/original\.mp4$/, 'preview.mp4');
  await ctx.deps.storage.put(approvedPreviewKey, clip);
  await db.update(videos).set({ previewKey: approvedPreviewKey }).where(eq(videos.id, approvedVideo.id));

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

  const inject = async (
    who: TestUser,
    method: 'POST' | 'PUT' | 'GET',
    url: string,
    payload: Record<string, unknown> | undefined,
    status: number,
  ) => {
    const res = await ctx.app.inject({ method, url, headers: who.headers, payload });
    if (res.statusCode !== status)
      throw new Error(`world: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<Record<string, unknown>>();
  };
  const entryVideo = async (owner: TestUser) => {
    const stored = await storedVideo(owner);
    await db
      .update(videos)
      .set({
        durationSeconds: 75,
        width: 1080,
        height: 1920,
        processingStage: 'done',
        processingPercent: 100,
      })
      .where(eq(videos.id, stored.id));
    return stored;
  };
  /** Selects the application (staff) and submits a processed video of its creator. */
  const enter = async (applicationId: number, entrant: TestUser) => {
    await inject(users.staff, 'POST', `/api/applications/${applicationId}/select/`, {}, 200);
    const film = await entryVideo(entrant);
    const entry = await inject(
      entrant,
      'POST',
      `/api/contests/${contest.id}/entries/`,
      { video_id: film.id },
      201,
    );
    return entry.id as number;
  };
  const applicationId = applied.json<{ id: number }>().id;
  const entryId = await enter(applicationId, users.creator);
  const note = await inject(
    users.staff,
    'POST',
    `/api/entries/${entryId}/notes/`,
    { version: 1, at_seconds: 3, text: 'The chair is out of frame here.' },
    201,
  );

  const scoreBody = () => ({
    scores: TEST_RUBRIC.map((c) => ({ criterion: c.name, score: 7 })),
    feedback: 'Strong story, the product could be closer.',
  });
  const judgingContest = async (entrant: TestUser) => {
    const made: JudgingContest = await makeJudgingContest(db, { brandId: contest.brand.id });
    const { entryId: judged } = await makeEntry(db, made, entrant);
    return { contestId: made.id, entryId: judged };
  };
  /** Publishes a judging contest's results (staff scored its entry first); the earning's id. */
  const publish = async (target: { contestId: number; entryId: number }) => {
    await inject(users.staff, 'PUT', `/api/entries/${target.entryId}/scores/`, scoreBody(), 200);
    await inject(
      users.staff,
      'POST',
      `/api/contests/${target.contestId}/results/`,
      { places: [{ entry_id: target.entryId, place: 1, prize_cents: 500_000 }] },
      201,
    );
    const list = await inject(users.staff, 'GET', '/api/payouts/?status=pending', undefined, 200);
    const earning = (list.earnings as Array<{ earning_id: number; entry_id: number | null }>).find(
      (e) => e.entry_id === target.entryId,
    );
    if (!earning) throw new Error('world: the published prize left no earning');
    return earning.earning_id;
  };
  const judging = await judgingContest(users.creator);
  const publishedContest = await judgingContest(users.creator);
  const published = { ...publishedContest, earningId: await publish(publishedContest) };
  const fileRelease = async (filer: TestUser, filedWith: number) => {
    const res = await postRelease(ctx.app, filer, filedWith, { kind: 'talent', bytes: RELEASE_PDF });
    if (res.statusCode !== 201) throw new Error(`world: a release could not be filed: ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const release = { id: await fileRelease(users.creator, entryId) };
  // Written as the gate writes it (a refusal is recorded, the request refused): no check to fail.
  const refused = await storedVideo(users.creator);
  await db.insert(entryQcRefusals).values({
    contestId: contest.id,
    videoId: refused.id,
    userId: users.creator.id,
    checks: ['audio'],
    refusedAt: new Date(),
  });
  const qcRefusal = { contestId: contest.id, videoId: refused.id };
  await inject(users.creator, 'PUT', '/api/accounts/creators/payee/', PAYEE, 200);

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
    approvedVideo: { ...approvedVideo, previewKey: approvedPreviewKey },
    clip,
    applyBody,
    entry: { id: entryId, noteId: note.id as number },
    application: { id: applicationId },
    qcRefusal,
    judging,
    published,
    release,
    scoreBody,
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
          brandRole: 'viewer',
          invitedBy: users.staff.id,
          expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
        });
        return token;
      },
      async invitationId() {
        const token = await world.fresh.invitationToken();
        const [row] = await db
          .select({ id: invitations.id })
          .from(invitations)
          .where(eq(invitations.tokenHash, createHash('sha256').update(token).digest('hex')));
        return row!.id;
      },
      async brandMember() {
        return (await createUser(ctx, { role: 'brand', brandId: contest.brand.id, brandRole: 'viewer' })).id;
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
        // The owner may have 3 uploads under way (upload quota): the earlier ones made here have
        // served their row, so they are cancelled first.
        // Uploads the owner started elsewhere (the fuzzer's POSTs) are found by their records.
        const records = await readdir(tusDirectory(ctx.deps.config)).catch(() => [] as string[]);
        for (const name of records.filter((n) => n.endsWith('.json'))) {
          const record = await readFile(path.join(tusDirectory(ctx.deps.config), name), 'utf8')
            .then((text) => JSON.parse(text) as { metadata?: { owner?: string } })
            .catch(() => undefined);
          if (record?.metadata?.owner === String(users.creator.id)) tusUploads.push(name.slice(0, -5));
        }
        for (const earlier of new Set(tusUploads.splice(0)))
          await ctx.app.inject({
            method: 'DELETE',
            url: `/api/videos/uploads/${earlier}`,
            headers: { ...users.creator.headers, 'tus-resumable': '1.0.0' },
          });
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
        const id = String(res.headers.location).split('/').pop()!;
        tusUploads.push(id);
        return id;
      },
      ip() {
        ipCounter += 1;
        return `10.200.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
      },
      draftContest: newDraft,
      async application(state = 'pending') {
        return (await freshApplication(state)).id;
      },
      entryVideo: (owner = users.creator) => entryVideo(owner),
      async entry() {
        const { id, applicant } = await freshApplication('pending');
        return enter(id, applicant);
      },
      judgingContest: async () => judgingContest(await createUser(ctx, { role: 'creator' })),
      async earning() {
        const winner = await createUser(ctx, { role: 'creator' });
        const target = await judgingContest(winner);
        const earningId = await publish(target);
        await completePaperwork(ctx.app, { entryId: target.entryId, winner, staff: users.staff });
        return earningId;
      },
      async licence() {
        const target = await judgingContest(users.creator);
        await publish(target);
        await storeMaster(ctx, target.entryId);
        const licence = await inject(
          users.staff,
          'GET',
          `/api/entries/${target.entryId}/licence/`,
          undefined,
          200,
        );
        return licence.id as string;
      },
      async extension() {
        const licenceId = await world.fresh.licence();
        const payload = { months: 6, fee_cents: 20_000 };
        const proposed = await inject(
          users.staff,
          'POST',
          `/api/licences/${licenceId}/extensions/`,
          payload,
          201,
        );
        return proposed.id as number;
      },
      // A fresh creator's each time: an entry holds only a few releases of a kind waiting for
      // review, and one creator's uploads are rate-limited.
      async release() {
        const filer = await createUser(ctx, { role: 'creator' });
        return fileRelease(filer, (await judgingContest(filer)).entryId);
      },
    },
  };

  async function freshApplication(state: 'pending' | 'selected' | 'shipped') {
    const applicant = await createUser(ctx, { role: 'creator' });
    const productId = contest.products[0]!.id;
    await db.execute(sql`update products set stock_quantity = stock_quantity + 1 where id = ${productId}`);
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
    return { id, applicant };
  }
  return world;
}

/** One second of a small real MP4 (ffmpeg test pattern). */
function smallClip(): Buffer {
  return readFileSync(
    ffmpegClip('mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    ]),
  );
}
