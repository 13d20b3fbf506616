/**
 * THE AUTHORIZATION MATRIX: who may call what (issue 18). One row per registered route.
 *
 * `authorization-matrix.test.ts` walks `app.routeTable` (every route Fastify registered, collected
 * by the onRoute hook in plugins/route-table.ts), finds each route's row here by its key
 * `'METHOD /url/pattern/'` and sends the row's request once as each of the ten actors:
 *
 *   anonymous     no Authorization header
 *   creator       the OWNER: owns `world.video`, `world.approvedVideo`, the application to
 *                 `world.contest`, the tus upload...
 *   otherCreator  another creator, owning nothing of the above
 *   voter         a voter (issue 50): a verified account with no creator profile
 *   brand         an OWNER of brand `world.brandId`, the brand of `world.contest` (issue 49)
 *   brandManager  a manager of that brand: edits contests and products, selects and ships
 *   brandReviewer a reviewer of that brand: notes, revisions, scores
 *   brandViewer   a viewer of that brand: reads only (403 on every change)
 *   otherBrand    an owner of another brand (`world.otherBrandId`, whose contest is `world.otherContest`)
 *   staff         a staff user
 *
 * and compares each answer's status with the row's `expect`. A route without a row fails the suite
 * with its key; so does a row whose route no longer exists. The world (test/world.ts) supplies the
 * concrete ids.
 *
 * HOW TO ADD A ROUTE'S ROW (a few lines):
 *
 *   'POST /api/contests/:id/entries/': {
 *     request: (w) => ({ url: `/api/contests/${w.contest.id}/entries/`, payload: { video_id: w.video.id } }),
 *     expect: { all: 403, anonymous: 401, creator: 201 },
 *   },
 *
 * - `request(world, actor)` returns `{ url, payload?, headers?, remoteAddress? }` (may be async; the
 *   actor's Authorization header is added for you). Without `request`, the key's URL is fetched
 *   as it is (routes without parameters). Send a body that is VALID for an allowed actor, so the
 *   status tested is the access decision, not validation (validation runs before preHandlers).
 * - A route that consumes what it acts on (delete, decide, accept, deactivate) takes a fresh target
 *   for each actor from `world.fresh.*`, so one actor's success does not change the next one's
 *   answer. Actors are tried in the order of ACTORS (anonymous first, staff last).
 * - `expect` names the status per actor; `all` is every actor not named. A list (`[403, 404]`) is
 *   not allowed: each actor gets exactly one expected status. When hiding existence matters (404
 *   instead of 403 for a resource the caller cannot see), write the 404.
 * - `why` (optional) says in words why the row is what it is, when it is not obvious.
 */
import type { InjectOptions } from 'fastify';
import { type Actor, type World, CSRF_TOKEN } from './world';
import { REFRESH_COOKIE } from '@app/domain';
import { contestBody } from './contest-ops';
import { multipartBody } from './video-clips';
import { PAYEE, RELEASE_PDF } from '../src/modules/paperwork/test-support';
import { storeMaster } from '../src/modules/delivery/test-support';
import { signUnsubscribeToken } from '../src/modules/notifications';

/** A message of the owner in the thread of the world's entry, to hide (made once per world). */
const messages = new WeakMap<World, Promise<number>>();
function messageOf(w: World): Promise<number> {
  if (!messages.has(w))
    messages.set(
      w,
      w.ctx.app
        .inject({
          method: 'POST',
          url: `/api/entries/${w.entry.id}/messages/`,
          headers: w.headers('creator'),
          payload: { body: 'A message for the authorization matrix to hide' },
        })
        .then((res) => res.json<{ id: number }>().id),
    );
  return messages.get(w)!;
}

/** The licence of the world's placed entry (issued on its first read, here by staff). */
async function licenceIdOf(w: World): Promise<string> {
  await storeMaster(w.ctx, w.published.entryId);
  const res = await w.ctx.app.inject({
    url: `/api/entries/${w.published.entryId}/licence/`,
    headers: w.headers('staff'),
  });
  return res.json<{ id: string }>().id;
}

/**
 * The audience award of the world's published contest (issue 50), set up once by staff: voting
 * open now, its placed entry the one finalist; the same body is what the PUT row sends.
 */
const audienceBody = (w: World) => ({
  voting_opens_at: new Date(Date.now() - 3_600_000).toISOString(),
  voting_closes_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  prize_cents: 50_000,
  votes_per_voter: 3,
  finalist_entry_ids: [w.published.entryId],
});
const audienceSetUp = new WeakMap<World, Promise<void>>();
async function audienceOf(w: World): Promise<number> {
  if (!audienceSetUp.has(w))
    audienceSetUp.set(
      w,
      w.ctx.app
        .inject({
          method: 'PUT',
          url: `/api/contests/${w.published.contestId}/audience/`,
          headers: w.headers('staff'),
          payload: audienceBody(w),
        })
        .then((res) => {
          if (res.statusCode !== 200)
            throw new Error(`matrix: the audience award was not set up: ${res.body}`);
        }),
    );
  await audienceSetUp.get(w);
  return w.published.contestId;
}

export interface MatrixRequest {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export type Expectation = Partial<Record<Actor | 'all', number>>;

export interface MatrixRow {
  request?: (world: World, actor: Actor) => MatrixRequest | Promise<MatrixRequest>;
  expect: Expectation;
  why?: string;
}

/**
 * What a member of brand 1 may do, by the least role that may (accounts' `brandMay`, issue 49):
 * the members whose role allows it get `status`, the others 403.
 */
type BrandLevel = 'read' | 'review' | 'manage' | 'team';
const BRAND_ONE_ALLOWED: Record<BrandLevel, Actor[]> = {
  read: ['brand', 'brandManager', 'brandReviewer', 'brandViewer'],
  review: ['brand', 'brandManager', 'brandReviewer'],
  manage: ['brand', 'brandManager'],
  team: ['brand'],
};
const brandOne = (status: number, level: BrandLevel = 'read'): Expectation =>
  Object.fromEntries(
    BRAND_ONE_ALLOWED.read.map((actor) => [actor, BRAND_ONE_ALLOWED[level].includes(actor) ? status : 403]),
  );

/** The id of a contest's last (film) round (issue 47), as staff read its rounds. */
async function lastRoundOf(w: World, contestId: number): Promise<number> {
  const rounds = (
    await w.ctx.app.inject({ url: `/api/contests/${contestId}/rounds/`, headers: w.headers('staff') })
  ).json<Array<{ id: number }>>();
  return rounds[rounds.length - 1]!.id;
}

/** Everyone gets the same answer (public routes). */
const everyone = (status: number): Expectation => ({ all: status });
/** Signed-in users of any role: 401 anonymous. */
const signedIn = (status: number): Expectation => ({ all: status, anonymous: 401 });
/** Staff only: 401 anonymous, 403 creators and brands. */
const staffOnly = (status: number): Expectation => ({ all: 403, anonymous: 401, staff: status });
/**
 * Staff and the contest's brand (brand 1, `world.contest`) whose role allows `level`: 401
 * anonymous, 403 creators, the other brand (a published contest: they see it, they do not run it)
 * and the brand's members whose role does not allow it.
 */
const contestRunners = (status: number, level: BrandLevel = 'read'): Expectation => ({
  all: 403,
  anonymous: 401,
  ...brandOne(status, level),
  staff: status,
});
/**
 * Staff and brand users of any brand, each on their own brand's data, whose role allows `level`:
 * 401 anonymous, 403 creators and brand 1's members whose role does not allow it.
 */
const brandsAndStaff = (status: number, level: BrandLevel = 'read'): Expectation => ({
  all: status,
  anonymous: 401,
  creator: 403,
  otherCreator: 403,
  voter: 403,
  ...brandOne(status, level),
});
/** Creators only, each acting on their own data: 401 anonymous, 403 brands and staff. */
const creatorsOnly = (status: number): Expectation => ({
  all: 403,
  anonymous: 401,
  creator: status,
  otherCreator: status,
});

const tus = { 'tus-resumable': '1.0.0' };
const csrf = { cookie: `csrftoken=${CSRF_TOKEN}`, 'x-csrftoken': CSRF_TOKEN };
const strongPassword = 'Velvet-Lantern-4821-Proof';

export const authorizationMatrix: Record<string, MatrixRow> = {
  // ── Documentation and site ──────────────────────────────────────────────────────────────────
  'GET /api/docs': { expect: everyone(200) },
  'HEAD /api/docs/': { expect: everyone(200) },
  'GET /api/docs/static/index.html': { expect: everyone(302), why: 'redirects to /api/docs' },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone(200) },
  'GET /api/docs/json': { expect: everyone(200) },
  'GET /api/docs/yaml': { expect: everyone(200) },
  'HEAD /api/docs/static/*': {
    request: () => ({ url: '/api/docs/static/index.css' }),
    expect: everyone(200),
  },
  'GET /api/docs/static/*': { request: () => ({ url: '/api/docs/static/index.css' }), expect: everyone(200) },
  'GET /api/openapi.json': { expect: everyone(200) },
  'GET /api/health/': { expect: everyone(200) },
  'GET /metrics': {
    expect: everyone(401),
    why: 'Prometheus scrapes it with METRICS_TOKEN (set in the matrix app), which no account’s token is; unset, it answers 404 to everyone (plugins/metrics.test.ts)',
  },
  'GET /api/config/': { expect: everyone(200) },
  'GET /media/*': {
    request: (w) => ({ url: `/media/${w.approvedVideo.previewKey}` }),
    expect: everyone(200),
    why: 'an approved video’s renditions are public by key; a video’s original is never served, and an unapproved video’s files only through a signed, expiring /media/s/ URL (videos.media-access.test.ts, storage/media.routes.test.ts)',
  },

  // ── Accounts: anonymous by design, the same answer for everyone ─────────────────────────────
  'POST /api/accounts/auth/register/': {
    request: (w) => ({
      url: '/api/accounts/auth/register/',
      payload: {
        email: w.fresh.email(),
        password: strongPassword,
        confirm_password: strongPassword,
        role: 'creator',
        phone_number: '',
      },
      remoteAddress: w.fresh.ip(),
    }),
    expect: everyone(201),
  },
  'POST /api/accounts/auth/login/': {
    request: (w) => ({
      url: '/api/accounts/auth/login/',
      payload: { email: w.users.otherCreator.email, password: w.users.otherCreator.password },
      remoteAddress: w.fresh.ip(),
    }),
    expect: everyone(200),
  },
  'POST /api/token/refresh/': {
    request: async (w) => ({
      url: '/api/token/refresh/',
      payload: { refresh: await w.fresh.refreshToken() },
    }),
    expect: everyone(200),
    why: 'the refresh token is the credential, whoever sends it',
  },
  'POST /api/accounts/auth/logout/': {
    request: async (w) => ({
      url: '/api/accounts/auth/logout/',
      payload: { refresh: await w.fresh.refreshToken() },
    }),
    expect: everyone(200),
  },
  'GET /api/accounts/auth/verify_email/:uid/:token/': {
    request: () => ({ url: '/api/accounts/auth/verify_email/MQ/not-a-real-token/' }),
    expect: everyone(400),
    why: 'the link is the credential; a made-up one is refused for everyone',
  },
  'POST /api/accounts/auth/resend-verification/': {
    request: (w) => ({
      url: '/api/accounts/auth/resend-verification/',
      payload: { email: w.fresh.email() },
      remoteAddress: w.fresh.ip(),
    }),
    expect: everyone(200),
  },
  'POST /api/accounts/auth/password/reset/': {
    request: (w) => ({
      url: '/api/accounts/auth/password/reset/',
      payload: { email: w.fresh.email() },
      remoteAddress: w.fresh.ip(),
    }),
    expect: everyone(200),
  },
  'GET /api/accounts/auth/password/reset/confirm/:uidb64/:token/': {
    request: () => ({ url: '/api/accounts/auth/password/reset/confirm/MQ/not-a-real-token/' }),
    expect: everyone(400),
  },
  'POST /api/accounts/auth/password/reset/confirm/:uidb64/:token/': {
    request: () => ({
      url: '/api/accounts/auth/password/reset/confirm/MQ/not-a-real-token/',
      payload: { new_password1: strongPassword, new_password2: strongPassword },
    }),
    expect: everyone(400),
  },
  'POST /api/accounts/auth/google/': {
    request: (w) => ({
      url: '/api/accounts/auth/google/',
      payload: { id_token: 'not.a.token', nonce: 'not-a-nonce' },
      remoteAddress: w.fresh.ip(),
    }),
    expect: everyone(503),
    why: 'the ID token (carrying the nonce) is the credential; the test server has no GOOGLE_CLIENT_ID (503 for everyone)',
  },

  // ── Account security (issue 18: M3 cookie sign-out, L5 password change, L9 Google nonce) ────
  'POST /api/accounts/auth/google/nonce/': {
    request: (w) => ({ url: '/api/accounts/auth/google/nonce/', remoteAddress: w.fresh.ip() }),
    expect: everyone(503),
    why: 'anyone may ask for a nonce before signing in; the test server has no GOOGLE_CLIENT_ID (503 for everyone)',
  },
  'POST /api/token/logout/': {
    request: async (w) => ({
      url: '/api/token/logout/',
      headers: {
        origin: new URL(w.ctx.deps.config.PUBLIC_URL).origin,
        cookie: `${REFRESH_COOKIE}=${await w.fresh.refreshToken()}`,
      },
    }),
    expect: everyone(200),
    why: 'the session cookie is the credential, whoever sends it; only the site’s own Origin may (403 otherwise)',
  },
  'POST /api/accounts/auth/password/change/': {
    request: (w, actor) => {
      const password = w.users[actor === 'anonymous' ? 'creator' : actor].password;
      return {
        url: '/api/accounts/auth/password/change/',
        payload: { current_password: password, new_password1: password, new_password2: password },
      };
    },
    expect: signedIn(200),
    why: 'any signed-in user, for their own account, with the right current password (kept the same here so the world’s sign-ins still work)',
  },
  'GET /api/accounts/auth/undo-email-change/:token/': {
    request: () => ({ url: '/api/accounts/auth/undo-email-change/not-a-real-token/' }),
    expect: everyone(303),
    why: 'the link is the credential; a made-up one redirects to the failure page',
  },
  'GET /api/accounts/me/': { expect: signedIn(200) },
  'GET /api/accounts/invitations/:token/': {
    request: async (w) => ({ url: `/api/accounts/invitations/${await w.fresh.invitationToken()}/` }),
    expect: everyone(200),
    why: 'the token is the credential',
  },
  'POST /api/accounts/invitations/:token/accept/': {
    request: async (w) => ({
      url: `/api/accounts/invitations/${await w.fresh.invitationToken()}/accept/`,
      payload: { password: strongPassword, confirm_password: strongPassword },
    }),
    expect: everyone(200),
    why: 'the token is the credential',
  },

  // ── Brand teams (issue 49): members with roles, run by the brand's owners and staff ─────────
  'GET /api/brands/mine/': {
    expect: { all: 403, anonymous: 401, ...brandOne(200), otherBrand: 200 },
    why: 'a brand user’s own brand and role (404 for a brand user of no brand)',
  },
  'GET /api/brands/:id/members/': {
    request: (w) => ({ url: `/api/brands/${w.brandId}/members/` }),
    expect: { all: 403, anonymous: 401, ...brandOne(200), staff: 200 },
    why: 'the brand’s members, whatever their role, and staff; another brand’s users 403',
  },
  'POST /api/brands/:id/members/': {
    request: (w) => ({
      url: `/api/brands/${w.brandId}/members/`,
      payload: { email: w.fresh.email(), role: 'viewer' },
    }),
    expect: { all: 403, anonymous: 401, ...brandOne(201, 'team'), staff: 201 },
    why: 'the brand’s owners and staff invite (a fresh address each)',
  },
  'PATCH /api/brands/:id/members/:user_id/': {
    request: async (w) => ({
      url: `/api/brands/${w.brandId}/members/${await w.fresh.brandMember()}/`,
      payload: { role: 'reviewer' },
    }),
    expect: { all: 403, anonymous: 401, ...brandOne(200, 'team'), staff: 200 },
  },
  'DELETE /api/brands/:id/members/:user_id/': {
    request: async (w) => ({ url: `/api/brands/${w.brandId}/members/${await w.fresh.brandMember()}/` }),
    expect: { all: 403, anonymous: 401, ...brandOne(204, 'team'), staff: 204 },
    why: 'the brand’s owners and staff remove a member (a fresh one each)',
  },
  'POST /api/brands/:id/invitations/:invitation_id/resend/': {
    request: async (w) => ({
      url: `/api/brands/${w.brandId}/invitations/${await w.fresh.invitationId()}/resend/`,
    }),
    expect: { all: 403, anonymous: 401, ...brandOne(200, 'team'), staff: 200 },
  },
  'DELETE /api/brands/:id/invitations/:invitation_id/': {
    request: async (w) => ({ url: `/api/brands/${w.brandId}/invitations/${await w.fresh.invitationId()}/` }),
    expect: { all: 403, anonymous: 401, ...brandOne(204, 'team'), staff: 204 },
    why: 'the brand’s owners and staff withdraw a pending invitation (a fresh one each)',
  },

  // ── Contests ────────────────────────────────────────────────────────────────────────────────
  'GET /api/contests/': { expect: everyone(200) },
  'GET /api/contests/active/': { expect: everyone(200) },
  'GET /api/contests/:id/': {
    request: (w) => ({ url: `/api/contests/${w.draftContest.id}/` }),
    expect: { all: 404, ...brandOne(200), staff: 200 },
    why: 'a published contest is public (contests.test.ts); a draft is seen by its brand and staff, to others it does not exist',
  },
  'GET /api/contests/:id/products/': {
    request: (w) => ({ url: `/api/contests/${w.draftContest.id}/products/` }),
    expect: { all: 404, ...brandOne(200), staff: 200 },
    why: 'as GET /api/contests/:id/: a draft’s products only for its brand and staff',
  },
  'GET /api/brands/:id/products/': {
    request: (w) => ({ url: `/api/brands/${w.brandId}/products/` }),
    expect: everyone(200),
  },
  'POST /api/contests/:id/apply/': {
    request: (w) => ({
      url: `/api/contests/${w.otherContest.id}/apply/`,
      payload: w.applyBody(w.otherContest.products[0]!.id),
    }),
    expect: creatorsOnly(201),
    why: 'each creator applies once, for themselves, to the other brand’s contest',
  },

  // ── Contest agreements (issue 31) ──────────────────────────────────────────────────────────
  'GET /api/contests/:id/agreement/': {
    request: (w) => ({ url: `/api/contests/${w.draftContest.id}/agreement/?version=1` }),
    expect: { all: 404, ...brandOne(200), staff: 200 },
    why: 'a draft’s agreement: its brand and staff; a published contest’s is public (contests.agreement.test.ts)',
  },
  'PUT /api/contests/:id/agreement/': {
    request: (w) => ({
      url: `/api/contests/${w.contest.id}/agreement/`,
      payload: { text: `Terms of ${w.contest.title}, revised.` },
    }),
    expect: staffOnly(200),
    why: 'staff only, the contest’s brand included; the other brand does not run it (403)',
  },

  // ── Contest rounds (issue 47) ─────────────────────────────────────────────────────────────
  'GET /api/contests/:id/rounds/': {
    request: (w) => ({ url: `/api/contests/${w.draftContest.id}/rounds/` }),
    expect: { all: 404, ...brandOne(200), staff: 200 },
    why: 'a draft’s rounds: its brand and staff; a published contest’s are public (contests.rounds.test.ts)',
  },
  'PUT /api/contests/:id/rounds/': {
    request: async (w) => {
      const draft = w.draftContest;
      const [film] = (
        await w.ctx.app.inject({ url: `/api/contests/${draft.id}/rounds/`, headers: w.headers('staff') })
      ).json<Array<{ id: number }>>();
      return {
        url: `/api/contests/${draft.id}/rounds/`,
        payload: {
          rounds: [
            {
              id: film!.id,
              kind: 'film',
              title: 'Films',
              opens_at: draft.starts_at,
              closes_at: draft.submission_deadline,
              judging_ends_at: draft.judging_ends_at,
              entry_policy: 'selected',
            },
          ],
        },
      };
    },
    expect: { all: 403, anonymous: 401, ...brandOne(200, 'manage'), otherBrand: 404, staff: 200 },
    why: 'as PATCH /api/contests/:id/: its brand’s owners and managers save a draft’s rounds, staff any contest’s; another brand’s draft does not exist for a brand',
  },

  // ── Contest operations (issues 14/15: creating, editing, publishing, stock, images) ──────────
  'POST /api/contests/': {
    request: (w) => ({ url: '/api/contests/', payload: contestBody(w.brandId) }),
    expect: { ...brandsAndStaff(201, 'manage'), otherBrand: 403 },
    why: 'staff for any brand (published); a brand’s owner or manager for its own brand only (a draft): brand 1’s body is refused to the other brand',
  },
  'PATCH /api/contests/:id/': {
    request: (w) => ({
      url: `/api/contests/${w.draftContest.id}/`,
      payload: { tagline: 'Edited by the authorization matrix' },
    }),
    expect: { all: 403, anonymous: 401, ...brandOne(200, 'manage'), otherBrand: 404, staff: 200 },
    why: 'its brand’s owners and managers edit a draft (403 once published), staff any contest; another brand’s draft does not exist for a brand',
  },
  'POST /api/contests/:id/publish/': {
    request: async (w) => ({ url: `/api/contests/${(await w.fresh.draftContest()).id}/publish/` }),
    expect: { all: 403, anonymous: 401, otherBrand: 404, staff: 200 },
    why: 'staff only; another brand’s draft does not exist for a brand (404)',
  },
  'POST /api/contests/:id/archive/': {
    request: async (w) => ({ url: `/api/contests/${(await w.fresh.draftContest()).id}/archive/` }),
    expect: { all: 403, anonymous: 401, otherBrand: 404, staff: 200 },
    why: 'staff only; another brand’s draft does not exist for a brand (404)',
  },
  'GET /api/contests/:id/stock/': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/stock/` }),
    expect: contestRunners(200),
  },
  'POST /api/contests/:id/products/:product_id/stock/': {
    request: (w) => ({
      url: `/api/contests/${w.contest.id}/products/${w.contest.products[0]!.id}/stock/`,
      payload: { total: 1000 },
    }),
    expect: staffOnly(200),
    why: 'staff only, the contest’s brand included',
  },
  'POST /api/contests/images/': {
    request: (w) => ({ url: '/api/contests/images/', ...w.imageBody() }),
    expect: brandsAndStaff(201, 'manage'),
    why: 'a brand’s owners and managers (for its drafts) and staff; the image is re-encoded and belongs to no contest yet',
  },
  'GET /api/brands/': {
    expect: brandsAndStaff(200),
    why: 'a brand user gets its own brand only, staff every brand (contests.admin.test.ts)',
  },
  'GET /api/brand/contests/': {
    expect: brandsAndStaff(200),
    why: 'a brand user gets its own brand’s contests only, staff every contest (contests.admin.test.ts)',
  },

  // ── Applications: selection and shipping (issue 14) ────────────────────────────────────────
  'GET /api/contests/:id/applications/': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/applications/` }),
    expect: contestRunners(200),
  },
  'GET /api/contests/:id/shipping.csv': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/shipping.csv` }),
    expect: contestRunners(200),
  },
  'GET /api/contests/:id/applications/release/': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/applications/release/?older_than_days=7` }),
    expect: staffOnly(200),
    why: 'the dry run of the bulk release: staff only, like the release (the contest’s brand included)',
  },
  'POST /api/contests/:id/applications/release/': {
    request: (w) => ({
      url: `/api/contests/${w.contest.id}/applications/release/`,
      payload: { older_than_days: 30, note: 'Released by the authorization matrix' },
    }),
    expect: staffOnly(200),
    why: 'staff only, the contest’s brand included; nothing in the world is 30 days old, so nothing is declined',
  },
  'POST /api/applications/:id/select/': {
    request: async (w) => ({
      url: `/api/applications/${await w.fresh.application()}/select/`,
      payload: { note: 'Welcome aboard' },
    }),
    expect: contestRunners(200, 'manage'),
  },
  'POST /api/applications/:id/decline/': {
    request: async (w) => ({
      url: `/api/applications/${await w.fresh.application()}/decline/`,
      payload: { note: 'Thank you' },
    }),
    expect: contestRunners(200, 'manage'),
  },
  'POST /api/applications/:id/withdraw/': {
    request: async (w) => ({
      url: `/api/applications/${await w.fresh.application('selected')}/withdraw/`,
      payload: { note: 'Withdrawn' },
    }),
    expect: staffOnly(200),
    why: 'staff only, the contest’s brand included',
  },
  'POST /api/applications/:id/shipment/': {
    request: async (w) => ({
      url: `/api/applications/${await w.fresh.application('selected')}/shipment/`,
      payload: { carrier: 'UPS', tracking_number: '1Z999AA10123456784' },
    }),
    expect: contestRunners(200, 'manage'),
  },
  'POST /api/applications/:id/delivered/': {
    request: async (w) => ({ url: `/api/applications/${await w.fresh.application('shipped')}/delivered/` }),
    expect: contestRunners(200, 'manage'),
  },

  // ── Creator dashboard and profile: creators only, their own data ────────────────────────────
  'GET /api/creator/dashboard/': { expect: creatorsOnly(200) },
  'GET /api/accounts/creator/dashboard/': { expect: creatorsOnly(200) },
  'GET /api/accounts/creators/stats/': { expect: creatorsOnly(200) },
  'GET /api/accounts/creators/earnings/': { expect: creatorsOnly(200) },
  'GET /api/creators/submissions/': { expect: creatorsOnly(200) },
  'GET /api/accounts/auth/creator-profile/': { expect: creatorsOnly(200) },
  'PATCH /api/accounts/auth/creator-profile/': {
    request: () => ({
      url: '/api/accounts/auth/creator-profile/',
      headers: csrf,
      payload: { bio: 'Updated by the authorization matrix' },
    }),
    expect: creatorsOnly(200),
  },
  'GET /api/accounts/auth/confirm-email-change/:token/': {
    request: () => ({ url: '/api/accounts/auth/confirm-email-change/not-a-real-token/' }),
    expect: everyone(303),
    why: 'the link is the credential; a made-up one redirects to the failure page',
  },

  // ── Videos ──────────────────────────────────────────────────────────────────────────────────
  'POST /api/videos/upload/': {
    request: (w) => ({ url: '/api/videos/upload/', ...w.uploadBody() }),
    expect: creatorsOnly(201),
  },
  'GET /api/videos/videos/': { expect: everyone(200) },
  'GET /api/videos/search/': {
    request: () => ({ url: '/api/videos/search/?q=proof' }),
    expect: everyone(200),
  },
  'GET /api/videos/videos/:id/': {
    request: (w) => ({ url: `/api/videos/videos/${w.video.id}/` }),
    expect: { all: 404, creator: 200, staff: 200 },
    why: 'a video waiting for review is seen by its owner and staff; to others it does not exist',
  },
  'PUT /api/videos/videos/:id/': {
    request: (w) => ({
      url: `/api/videos/videos/${w.video.id}/`,
      payload: { title: 'Renamed by its owner' },
    }),
    expect: { all: 404, anonymous: 401, creator: 200, staff: 403 },
  },
  'DELETE /api/videos/videos/:id/': {
    request: async (w) => ({ url: `/api/videos/videos/${(await w.fresh.video()).id}/` }),
    expect: { all: 404, anonymous: 401, creator: 204, staff: 204 },
  },
  'POST /api/videos/videos/:id/captions/': {
    request: (w) => ({
      url: `/api/videos/videos/${w.video.id}/captions/`,
      ...multipartBody(
        { language: 'en' },
        {
          name: 'file',
          filename: 'en.vtt',
          type: 'text/vtt',
          bytes: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'),
        },
      ),
    }),
    expect: { all: 404, anonymous: 401, creator: 200, staff: 403 },
  },
  'GET /api/videos/videos/:id/download/': {
    request: (w) => ({ url: `/api/videos/videos/${w.video.id}/download/` }),
    expect: { all: 404, anonymous: 401, creator: 200, staff: 200 },
    why: 'the original: its creator and staff; a brand only as a winning entry’s delivered master after results (403 before: delivery/delivery.originals.test.ts); world.video is entered nowhere, so no brand sees it',
  },

  'GET /api/videos/videos/:id/qc/': {
    request: (w) => ({ url: `/api/videos/videos/${w.video.id}/qc/` }),
    expect: { all: 404, anonymous: 401, creator: 200, staff: 200 },
    why: 'the technical check: its creator and staff; a brand only once the video is entered in its contest (videos.qc.test.ts); world.video is entered nowhere, so no brand sees it',
  },

  // ── Resumable uploads (tus) ─────────────────────────────────────────────────────────────────
  'POST /api/videos/uploads/': {
    request: (w) => ({
      url: '/api/videos/uploads/',
      headers: {
        ...tus,
        'upload-length': String(w.clip.length),
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')},title ${Buffer.from('Matrix').toString('base64')}`,
      },
    }),
    expect: creatorsOnly(201),
  },
  'HEAD /api/videos/uploads/:id': {
    request: async (w) => ({ url: `/api/videos/uploads/${await w.fresh.tusUpload()}`, headers: tus }),
    expect: { all: 403, anonymous: 401, creator: 200, otherCreator: 404 },
    why: 'creators only; an upload is found by its owner alone',
  },
  'PATCH /api/videos/uploads/:id': {
    request: async (w) => ({
      url: `/api/videos/uploads/${await w.fresh.tusUpload()}`,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: w.clip.subarray(0, 1024),
    }),
    expect: { all: 403, anonymous: 401, creator: 204, otherCreator: 404 },
  },
  'DELETE /api/videos/uploads/:id': {
    request: async (w) => ({ url: `/api/videos/uploads/${await w.fresh.tusUpload()}`, headers: tus }),
    expect: { all: 403, anonymous: 401, creator: 204, otherCreator: 404 },
  },
  'OPTIONS /api/videos/uploads/': {
    request: () => ({ url: '/api/videos/uploads/', headers: tus }),
    expect: everyone(204),
  },
  'OPTIONS /api/videos/uploads/:id': {
    request: () => ({ url: '/api/videos/uploads/whatever', headers: tus }),
    expect: everyone(204),
  },

  // ── Staff console: staff only (one onRequest hook for everything under /api/staff/) ─────────
  'GET /api/staff/videos/': { expect: staffOnly(200) },
  'POST /api/staff/videos/:id/approve/': {
    request: async (w) => ({ url: `/api/staff/videos/${(await w.fresh.video()).id}/approve/` }),
    expect: staffOnly(200),
  },
  'POST /api/staff/videos/:id/reject/': {
    request: async (w) => ({
      url: `/api/staff/videos/${(await w.fresh.video()).id}/reject/`,
      payload: { reason: 'Too dark to judge' },
    }),
    expect: staffOnly(200),
  },
  'POST /api/staff/videos/approve/': {
    request: async (w) => ({
      url: '/api/staff/videos/approve/',
      payload: { ids: [(await w.fresh.video()).id] },
    }),
    expect: staffOnly(200),
  },
  'POST /api/staff/videos/reject/': {
    request: async (w) => ({
      url: '/api/staff/videos/reject/',
      payload: { ids: [(await w.fresh.video()).id], reason: 'Too dark to judge' },
    }),
    expect: staffOnly(200),
  },
  'POST /api/staff/invitations/': {
    request: (w) => ({
      url: '/api/staff/invitations/',
      payload: { email: w.fresh.email(), role: 'brand', brand_id: w.brandId },
    }),
    expect: staffOnly(201),
  },
  'GET /api/staff/invitations/': { expect: staffOnly(200) },
  'POST /api/staff/invitations/:id/revoke/': {
    request: async (w) => ({ url: `/api/staff/invitations/${await w.fresh.invitationId()}/revoke/` }),
    expect: staffOnly(200),
  },
  'GET /api/staff/users/': { expect: staffOnly(200) },
  'POST /api/staff/users/:id/deactivate/': {
    request: async (w) => ({ url: `/api/staff/users/${(await w.fresh.creator()).id}/deactivate/` }),
    expect: staffOnly(200),
  },
  'GET /api/staff/audit/': { expect: staffOnly(200) },
  // ── Entries (issue 15): submissions, review notes, revisions ───────────────────────────────
  'POST /api/contests/:id/entries/': {
    request: async (w, actor) => ({
      url: `/api/contests/${w.contest.id}/entries/`,
      payload: { video_id: actor === 'creator' ? (await w.fresh.entryVideo()).id : w.video.id },
    }),
    expect: { all: 403, anonymous: 401, creator: 201 },
    why: 'the selected owner submits a new version (a fresh processed video); another creator is not selected (403 not_selected); brands and staff do not submit',
  },
  'POST /api/rounds/:id/entries/': {
    request: async (w, actor) => ({
      url: `/api/rounds/${await lastRoundOf(w, w.contest.id)}/entries/`,
      payload: { video_id: actor === 'creator' ? (await w.fresh.entryVideo()).id : w.video.id },
    }),
    expect: { all: 403, anonymous: 401, creator: 201 },
    why: 'the contest’s film round takes its selected applicants: the selected owner submits a new version; another creator is not selected (403 not_selected); brands and staff do not enter',
  },
  'GET /api/contests/:id/entries/': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/entries/` }),
    expect: contestRunners(200),
  },
  'GET /api/contests/:id/entries/mine/': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/entries/mine/` }),
    expect: signedIn(200),
    why: 'the caller’s own entry, or null',
  },
  'GET /api/contests/:id/entries/eligibility/': {
    request: (w) => ({ url: `/api/contests/${w.contest.id}/entries/eligibility/` }),
    expect: signedIn(200),
    why: 'whether the caller may submit, and why not: about the caller only (Submit Video reads it)',
  },
  'GET /api/entries/:id/': {
    request: (w) => ({ url: `/api/entries/${w.entry.id}/` }),
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
    why: 'the entrant and the reviewers (staff, the contest’s brand); to others it does not exist',
  },
  'POST /api/entries/:id/notes/': {
    request: (w, actor) => ({
      url: `/api/entries/${w.entry.id}/notes/`,
      payload:
        actor === 'creator'
          ? { version: 1, at_seconds: 0, text: 'Reply from the entrant', parent_id: w.entry.noteId }
          : { version: 1, at_seconds: 2, text: 'A note from the authorization matrix' },
    }),
    expect: { all: 404, anonymous: 401, creator: 201, ...brandOne(201, 'review'), staff: 201 },
    why: 'reviewers (staff, the brand’s owners, managers and reviewers; its viewers 403) pin new notes; the entrant replies (a new note of the entrant is 403, entries.test.ts); others do not see the entry (404)',
  },
  'POST /api/entries/:id/notes/:noteId/resolve/': {
    request: (w) => ({ url: `/api/entries/${w.entry.id}/notes/${w.entry.noteId}/resolve/` }),
    expect: { all: 404, anonymous: 401, creator: 403, ...brandOne(200, 'review'), staff: 200 },
    why: 'reviewers resolve (again: idempotent); the entrant sees the entry but may not (403); others do not see it (404)',
  },
  'POST /api/entries/:id/request-revision/': {
    request: async (w, actor) => ({
      url: `/api/entries/${actor === 'creator' ? w.entry.id : await w.fresh.entry()}/request-revision/`,
      payload: { message: 'Please show the armrests.' },
    }),
    expect: { all: 404, anonymous: 401, creator: 403, ...brandOne(200, 'review'), staff: 200 },
    why: 'reviewers, on an entry in review (409 otherwise: a fresh one each, of a fresh creator); the entrant (the owner, on the owner’s entry) 403; others 404',
  },
  'POST /api/entries/:id/qc-override/': {
    request: (w) => ({
      url: `/api/entries/${w.entry.id}/qc-override/`,
      payload: { reason: 'Approved for broadcast after a manual listen.' },
    }),
    expect: { all: 403, anonymous: 401, staff: 201 },
    why: 'staff only (issue 51): an exception to the contest’s blocking technical checks, audited; saving again replaces the reason',
  },
  'GET /api/contests/:id/qc-refusals/': {
    request: (w) => ({ url: `/api/contests/${w.qcRefusal.contestId}/qc-refusals/` }),
    expect: { all: 403, anonymous: 401, staff: 200 },
    why: 'staff only (issue 51): the contest’s submissions held at the technical check; its brand does not override the check (403 like the entry’s override)',
  },
  'POST /api/contests/:id/qc-overrides/': {
    request: (w) => ({
      url: `/api/contests/${w.qcRefusal.contestId}/qc-overrides/`,
      payload: { video_id: w.qcRefusal.videoId, reason: 'Silent on purpose: a music bed is added later.' },
    }),
    expect: { all: 403, anonymous: 401, staff: 201 },
    why: 'staff only (issue 51): lets a held submission (a refused first one has no entry) through, audited; 404 for a video not held in the contest (entries.qc-gate.test.ts)',
  },
  'GET /api/entries/:id/approvals/': {
    request: (w) => ({ url: `/api/entries/${w.entry.id}/approvals/` }),
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
    why: 'the sign-off on the final cut (issue 49): whoever sees the entry (the entrant, staff, every member of the contest’s brand); to others it does not exist',
  },
  'POST /api/entries/:id/approvals/': {
    request: (w) => ({
      url: `/api/entries/${w.entry.id}/approvals/`,
      payload: { decision: 'approve', comment: 'Looks right.' },
    }),
    expect: { all: 404, anonymous: 401, creator: 403, ...brandOne(201, 'review'), staff: 403 },
    why: 'owners, managers and reviewers of the contest’s brand approve (again: replaces their decision); its viewers, the entrant and staff (who do not approve for a brand) 403; others do not see the entry (404)',
  },

  // ── Judging and results (issue 17) ─────────────────────────────────────────────────────────
  'PUT /api/entries/:id/scores/': {
    request: (w) => ({ url: `/api/entries/${w.judging.entryId}/scores/`, payload: w.scoreBody() }),
    expect: contestRunners(200, 'review'),
    why: 'the contest’s judges (staff, its brand) during the judging window (409 outside it, judging.test.ts); saving again replaces the judge’s score',
  },
  'GET /api/contests/:id/scores/': {
    request: (w) => ({ url: `/api/contests/${w.judging.contestId}/scores/` }),
    expect: contestRunners(200),
  },
  'GET /api/contests/:id/ranking/': {
    request: (w) => ({ url: `/api/contests/${w.judging.contestId}/ranking/` }),
    expect: staffOnly(200),
  },
  'GET /api/rounds/:id/ranking/': {
    request: async (w) => ({ url: `/api/rounds/${await lastRoundOf(w, w.judging.contestId)}/ranking/` }),
    expect: staffOnly(200),
    why: 'the last round’s ranking is the contest’s: staff only (its brand owners and managers read a round before the last: rounds.test.ts)',
  },
  'POST /api/rounds/:id/advance/': {
    request: async (w) => ({
      url: `/api/rounds/${await lastRoundOf(w, w.judging.contestId)}/advance/`,
      payload: { entry_ids: [w.judging.entryId] },
    }),
    expect: { all: 403, anonymous: 401, ...brandOne(409, 'manage'), staff: 409 },
    why: 'staff and the contest’s brand owners and managers reach the rules (409 no_next_round: the judging contest has one round, advancing is consumed in contests.rounds-entries.test.ts); reviewers, viewers, the other brand and creators get 403',
  },
  'POST /api/contests/:id/results/': {
    request: async (w) => {
      const target = await w.fresh.judgingContest();
      return {
        url: `/api/contests/${target.contestId}/results/`,
        payload: { places: [{ entry_id: target.entryId, place: 1, prize_cents: 100_000 }] },
      };
    },
    expect: staffOnly(201),
    why: 'staff only, once (409 the second time, judging.test.ts): a fresh judging contest each',
  },
  'POST /api/contests/:id/results/corrections/': {
    request: (w) => ({
      url: `/api/contests/${w.published.contestId}/results/corrections/`,
      payload: {
        places: [{ entry_id: w.published.entryId, place: 1, prize_cents: 500_000 }],
        reason: 'Checked by the authorization matrix',
      },
    }),
    expect: staffOnly(201),
  },
  'GET /api/contests/:id/results/': {
    request: (w) => ({ url: `/api/contests/${w.published.contestId}/results/` }),
    expect: everyone(200),
  },
  'GET /api/results/winners/': { expect: everyone(200) },
  'GET /api/entries/:id/scorecard/': {
    request: (w) => ({ url: `/api/entries/${w.published.entryId}/scorecard/` }),
    expect: { all: 403, anonymous: 401, creator: 200, staff: 200 },
    why: 'the entrant (after publication) and staff',
  },

  // ── Payouts (issue 17): staff only (one onRequest hook for everything under /api/payouts) ──
  'GET /api/payouts': { expect: staffOnly(200) },
  'HEAD /api/payouts/': { expect: staffOnly(200) },
  'POST /api/payouts': {
    request: async (w) => ({
      url: '/api/payouts',
      payload: { earning_id: await w.fresh.earning(), method: 'bank_transfer', reference: 'TRX-1' },
    }),
    expect: staffOnly(201),
    why: 'once per earning (409 the second time, judging.test.ts): a fresh earning each',
  },
  'POST /api/payouts/corrections/': {
    request: (w) => ({
      url: '/api/payouts/corrections/',
      payload: { earning_id: w.published.earningId, amount_cents: 100, reason: 'Matrix correction' },
    }),
    expect: staffOnly(201),
  },
  'GET /api/payouts/export/': { expect: staffOnly(200) },

  // ── Paperwork (issue 31): releases with an entry, payee details ──
  'POST /api/entries/:id/releases/': {
    request: (w) => ({
      url: `/api/entries/${w.entry.id}/releases/`,
      ...multipartBody(
        { kind: 'location' },
        { name: 'file', filename: 'r.pdf', type: 'application/pdf', bytes: RELEASE_PDF },
      ),
    }),
    expect: { all: 404, anonymous: 401, creator: 201, ...brandOne(403), staff: 403 },
    why: 'only the entrant files releases; the reviewers see the entry (403), others do not (404)',
  },
  'GET /api/entries/:id/releases/': {
    request: (w) => ({ url: `/api/entries/${w.entry.id}/releases/` }),
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
  },
  'POST /api/releases/:id/approve/': {
    request: async (w) => ({ url: `/api/releases/${await w.fresh.release()}/approve/` }),
    expect: staffOnly(200),
    why: 'a decision is taken once (409 the second time, paperwork.test.ts): a fresh release each',
  },
  'POST /api/releases/:id/reject/': {
    request: async (w) => ({
      url: `/api/releases/${await w.fresh.release()}/reject/`,
      payload: { reason: 'Not signed.' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/releases/:id/file/': {
    request: (w) => ({ url: `/api/releases/${w.release.id}/file/` }),
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
  },
  'GET /api/accounts/creators/payee/': {
    expect: { all: 403, anonymous: 401, creator: 200, otherCreator: 200 },
    why: "a creator's own details (null for another creator, who has entered none)",
  },
  'PUT /api/accounts/creators/payee/': {
    request: () => ({ url: '/api/accounts/creators/payee/', payload: PAYEE }),
    expect: { all: 403, anonymous: 401, creator: 200, otherCreator: 200 },
  },
  'GET /api/payouts/payees/:user_id/': {
    request: (w) => ({ url: `/api/payouts/payees/${w.users.creator.id}/` }),
    expect: staffOnly(200),
  },

  // ── Delivery (issue 31): a winning entry's master and licence certificate, after results ──
  'GET /api/entries/:id/delivery/': {
    request: async (w) => {
      await storeMaster(w.ctx, w.published.entryId);
      return { url: `/api/entries/${w.published.entryId}/delivery/` };
    },
    expect: { all: 404, anonymous: 401, creator: 403, ...brandOne(200), staff: 200 },
    why: 'staff and the contest’s brand; the entrant sees the entry but receives no delivery (403); others do not see it (404)',
  },
  'GET /api/entries/:id/delivery/master/': {
    request: async (w) => {
      await storeMaster(w.ctx, w.published.entryId);
      return { url: `/api/entries/${w.published.entryId}/delivery/master/` };
    },
    expect: { all: 404, anonymous: 401, creator: 403, ...brandOne(200), staff: 200 },
  },
  'GET /api/entries/:id/certificate.pdf': {
    request: async (w) => {
      await storeMaster(w.ctx, w.published.entryId);
      return { url: `/api/entries/${w.published.entryId}/certificate.pdf` };
    },
    expect: { all: 404, anonymous: 401, creator: 403, ...brandOne(200), staff: 200 },
  },
  // ── Licences with terms (issue 51): a placed entry's licence, and its public verification ──
  'GET /api/entries/:id/licence/': {
    request: async (w) => {
      await storeMaster(w.ctx, w.published.entryId);
      return { url: `/api/entries/${w.published.entryId}/licence/` };
    },
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
    why: 'the creator, the contest’s brand (any role) and staff; others do not see the entry (404)',
  },
  'GET /api/licences/:id/verify/': {
    request: async (w) => ({
      url: `/api/licences/${await licenceIdOf(w)}/verify/`,
      remoteAddress: w.fresh.ip(),
    }),
    expect: { all: 200 },
    why: 'public: the licence id printed on the certificate is the key (128 random bits), rate-limited per address',
  },
  'POST /api/licences/:id/revoke/': {
    request: async (w) => ({
      url: `/api/licences/${await licenceIdOf(w)}/revoke/`,
      payload: { reason: 'Takedown: a music claim on the soundtrack.' },
    }),
    expect: staffOnly(200),
    why: 'staff only (a takedown); staff are tried last, so the licence is revoked once',
  },
  'POST /api/licences/:id/extensions/': {
    request: async (w) => ({
      url: `/api/licences/${await w.fresh.licence()}/extensions/`,
      payload: { months: 12, fee_cents: 50_000 },
    }),
    expect: { all: 403, anonymous: 401, ...brandOne(201, 'manage'), otherBrand: 404, staff: 201 },
    why: 'staff and the owners and managers of the licence’s brand (a fresh licence each: one proposal waits at a time); its reviewers and viewers and creators 403; another brand does not see the licence (404)',
  },
  'POST /api/licence-extensions/:id/accept/': {
    request: async (w) => ({ url: `/api/licence-extensions/${await w.fresh.extension()}/accept/` }),
    expect: { all: 403, anonymous: 401, creator: 200, otherCreator: 404 },
    why: 'only the licence’s creator (the owner) answers; staff and brands 403; another creator does not see it (404)',
  },
  'POST /api/licence-extensions/:id/decline/': {
    request: async (w) => ({ url: `/api/licence-extensions/${await w.fresh.extension()}/decline/` }),
    expect: { all: 403, anonymous: 401, creator: 200, otherCreator: 404 },
    why: 'only the licence’s creator (the owner) answers; staff and brands 403; another creator does not see it (404)',
  },
  // ── Notifications (issue 32): inbox, e-mail preferences, one-click unsubscribe ──
  'GET /api/notifications/': { expect: { all: 200, anonymous: 401 }, why: "each signed-in user's own inbox" },
  'POST /api/notifications/read/': {
    request: () => ({ url: '/api/notifications/read/', payload: { all: true } }),
    expect: { all: 200, anonymous: 401 },
  },
  'GET /api/accounts/notification-preferences/': { expect: { all: 200, anonymous: 401 } },
  'PUT /api/accounts/notification-preferences/': {
    request: () => ({ url: '/api/accounts/notification-preferences/', payload: { announcements: true } }),
    expect: { all: 200, anonymous: 401 },
  },
  'POST /api/unsubscribe/:token/': {
    request: (w) => ({
      url: `/api/unsubscribe/${signUnsubscribeToken(w.ctx.deps.config.JWT_SECRET, w.users.creator.id, 'announcements')}/`,
    }),
    expect: { all: 200 },
    why: 'the signed link is the authority (RFC 8058 one-click: mail clients POST without a session)',
  },
  'POST /api/events/ticket/': { expect: { all: 200, anonymous: 401 } },
  'GET /api/events/': {
    request: () => ({ url: '/api/events/?ticket=not-a-ticket' }),
    expect: { all: 401 },
    why: 'the single-use ticket is the authority (EventSource sends no header); a valid one streams (events.test.ts)',
  },
  'GET /api/unsubscribe/:token/': {
    request: () => ({ url: '/api/unsubscribe/1.results.not-checked-here/' }),
    expect: { all: 303 },
    why: 'a redirect to the confirmation page; it changes nothing',
  },
  // ── Insights (issue 33): play beacons, owners' play numbers, contest and staff insights ──
  'POST /api/videos/videos/:id/plays/': {
    request: (w) => ({
      url: `/api/videos/videos/${w.video.id}/plays/`,
      payload: { session: 'matrix-session-0001', event: 'start', tenth: 0 },
      remoteAddress: w.fresh.ip(),
    }),
    expect: { all: 404, creator: 204, staff: 204 },
    why: 'a beacon of a video the caller may see (this one waits for review: its owner and staff); anonymous allowed for approved videos',
  },
  'GET /api/creator/videos/plays/': { expect: signedIn(200) },
  'GET /api/brand/contests/:id/insights/': {
    request: (w) => ({ url: `/api/brand/contests/${w.contest.id}/insights/` }),
    expect: { ...contestRunners(200), otherBrand: 404 },
    why: "a contest's insights are its brand's and staff's; another brand learns nothing of it",
  },
  'GET /api/staff/insights/': { expect: staffOnly(200) },
  // ── Conversations (issue 49): a thread on every application and entry ──
  'GET /api/applications/:id/messages/': {
    request: (w) => ({ url: `/api/applications/${w.application.id}/messages/` }),
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
    why: 'its creator, every member of the contest’s brand and staff read the thread; to others it does not exist',
  },
  'POST /api/applications/:id/messages/': {
    request: (w) => ({
      url: `/api/applications/${w.application.id}/messages/`,
      payload: { body: 'A message from the authorization matrix' },
    }),
    expect: { all: 404, anonymous: 401, creator: 201, ...brandOne(201, 'review'), staff: 201 },
    why: 'the creator, staff and the brand’s owners, managers and reviewers write (its viewers read only: 403); others do not see the thread (404)',
  },
  'GET /api/entries/:id/messages/': {
    request: (w) => ({ url: `/api/entries/${w.entry.id}/messages/` }),
    expect: { all: 404, anonymous: 401, creator: 200, ...brandOne(200), staff: 200 },
    why: 'the entrant, every member of the contest’s brand and staff read the thread; to others it does not exist',
  },
  'POST /api/entries/:id/messages/': {
    request: (w) => ({
      url: `/api/entries/${w.entry.id}/messages/`,
      payload: { body: 'A message from the authorization matrix' },
    }),
    expect: { all: 404, anonymous: 401, creator: 201, ...brandOne(201, 'review'), staff: 201 },
    why: 'the entrant, staff and the brand’s owners, managers and reviewers write (its viewers read only: 403); others do not see the thread (404)',
  },
  'GET /api/threads/': { expect: signedIn(200), why: 'the caller’s own conversations only' },
  'POST /api/messages/:id/hide/': {
    request: async (w) => ({
      url: `/api/messages/${await messageOf(w)}/hide/`,
      payload: { reason: 'Hidden by the authorization matrix' },
    }),
    expect: staffOnly(200),
    why: 'staff hide a message with a reason (audited); staff come last, so the message is still visible for everyone before',
  },
  // ── Audience award (issue 50): set-up, gallery, votes, tally, staff's tools ──
  'PUT /api/contests/:id/audience/': {
    request: async (w) => ({
      url: `/api/contests/${await audienceOf(w)}/audience/`,
      payload: audienceBody(w),
    }),
    expect: contestRunners(200, 'manage'),
    why: 'staff and the contest’s brand (owners, managers); the same finalists again while voting is open',
  },
  'GET /api/contests/:id/audience/': {
    request: async (w) => ({ url: `/api/contests/${await audienceOf(w)}/audience/` }),
    expect: everyone(200),
    why: 'the public gallery of a published contest; no counts in it',
  },
  'POST /api/contests/:id/votes/': {
    request: async (w) => ({
      url: `/api/contests/${await audienceOf(w)}/votes/`,
      payload: { entry_id: w.published.entryId },
      remoteAddress: w.fresh.ip(),
    }),
    expect: signedIn(201),
    why: 'any signed-in account with a verified address votes, once per finalist',
  },
  'GET /api/contests/:id/audience/tally/': {
    request: async (w) => ({ url: `/api/contests/${await audienceOf(w)}/audience/tally/` }),
    expect: { all: 403, ...brandOne(200), staff: 200 },
    why: 'while voting is open only staff and the contest’s brand see counts; everyone after the close',
  },
  'GET /api/contests/:id/audience/clusters/': {
    request: async (w) => ({ url: `/api/contests/${await audienceOf(w)}/audience/clusters/` }),
    expect: staffOnly(200),
  },
  'POST /api/contests/:id/votes/void/': {
    request: async (w) => ({
      url: `/api/contests/${await audienceOf(w)}/votes/void/`,
      payload: { network: 'n_0000000000000000', reason: 'A ring of votes from one network.' },
    }),
    expect: staffOnly(200),
  },
  'POST /api/contests/:id/votes/release/': {
    request: async (w) => ({
      url: `/api/contests/${await audienceOf(w)}/votes/release/`,
      payload: { vote_ids: [1] },
    }),
    expect: staffOnly(200),
  },
  'POST /api/contests/:id/audience/award/': {
    request: async (w) => ({ url: `/api/contests/${await audienceOf(w)}/audience/award/` }),
    expect: { ...staffOnly(409) },
    why: 'staff only; the world’s voting is still open, so staff get 409 voting_closed (the award: audience.test.ts)',
  },
  'GET /api/contests/:id/votes.csv': {
    request: async (w) => ({ url: `/api/contests/${await audienceOf(w)}/votes.csv` }),
    expect: staffOnly(200),
  },
};
