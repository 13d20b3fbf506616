import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { authorizationMatrix, type Expectation } from './authorization-matrix';
import { createUser } from './factories';
import { createTestContext, type TestContext } from './helper';
import { ACTORS, createWorld, type Actor, type World } from './world';

/**
 * Every registered route × every actor (test/world.ts: ACTORS) against the expectations of test/authorization-matrix.ts.
 * A route without a row, or a row without a route, fails with its key. Prints the figures.
 */
describe('authorization matrix (issue 18): every route × every actor', () => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    // With a scraper's token set, GET /metrics answers the actors as it does in production.
    ctx = await createTestContext({ METRICS_TOKEN: 'the-scrapers-token-not-any-accounts-0123' });
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('has a row for every registered route, and a route for every row', () => {
    const keys = ctx.app.routeTable.map((route) => route.key);
    const missing = keys.filter((key) => !(key in authorizationMatrix));
    const stale = Object.keys(authorizationMatrix).filter((key) => !keys.includes(key));
    expect(missing, 'routes without a row in test/authorization-matrix.ts').toEqual([]);
    expect(stale, 'rows in test/authorization-matrix.ts for routes that do not exist').toEqual([]);
  });

  it('answers every actor with the expected status, and no body shows what the actor may not see', async () => {
    const unexpected: string[] = [];
    const leaked: string[] = [];
    let cases = 0;
    for (const route of ctx.app.routeTable) {
      const row = authorizationMatrix[route.key];
      if (!row) continue;
      for (const actor of ACTORS) {
        const wanted = expected(row.expect, actor);
        const spec = row.request ? await row.request(world, actor) : { url: route.url };
        const res = await ctx.app.inject({
          method: route.method as InjectOptions['method'],
          url: spec.url,
          payload: spec.payload,
          headers: { ...spec.headers, ...world.headers(actor) },
          ...(spec.remoteAddress ? { remoteAddress: spec.remoteAddress } : {}),
        });
        cases += 1;
        for (const leak of leaks(world, actor, route.key, res.body))
          leaked.push(`${route.key} as ${actor}: ${leak}`);
        if (res.statusCode !== wanted) {
          unexpected.push(
            `${route.key} as ${actor}: expected ${wanted}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.log(
      `authorization matrix: ${ctx.app.routeTable.length} routes, ${cases} route × actor cases, ${unexpected.length} unexpected`,
    );
    expect(unexpected).toEqual([]);
    expect(leaked, 'bodies showing what the actor may not see').toEqual([]);
    expect(cases).toBe(ctx.app.routeTable.length * ACTORS.length);
  }, 240_000); // ten actors (a voter since issue 50): ~180 s on a busy 2-core host

  it('refuses tokens that do not speak for an account (deactivated, signed out, unverified); a brand user of no brand gains nothing', async () => {
    // A deactivated account's token, and a token whose session was signed out: each route answers
    // 401, or (a route that reads no token) exactly what an anonymous caller gets. Their requests
    // are the owner's (the strongest creator case).
    const deactivated = await createUser(ctx, { role: 'creator' });
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/users/${deactivated.id}/deactivate/`,
      headers: world.headers('staff'),
    });
    expect(off.statusCode).toBe(200);
    const signedOut = await createUser(ctx, { role: 'creator' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      payload: { email: signedOut.email, password: signedOut.password },
      remoteAddress: world.fresh.ip(),
    });
    const session = login.json<{ access: string; refresh: string }>();
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/logout/',
      payload: { refresh: session.refresh },
    });
    expect(logout.statusCode).toBe(200);
    // A brand user whose brand was never set: asks as the other brand's user would, gets no more.
    const brandless = await createUser(ctx, { role: 'brand' });
    // A token for an account that never verified its address (sign-in gives it none; this one
    // stands for a token minted by mistake): it speaks for nobody either.
    const unverified = await createUser(ctx, { role: 'creator', active: false });
    const callers = [
      { name: 'deactivated', as: 'creator' as const, authorization: deactivated.headers.authorization! },
      { name: 'unverified', as: 'creator' as const, authorization: unverified.headers.authorization! },
      { name: 'signed out', as: 'creator' as const, authorization: `Bearer ${session.access}` },
      {
        name: 'brand of no brand',
        as: 'otherBrand' as const,
        authorization: brandless.headers.authorization!,
      },
    ];
    const unexpected: string[] = [];
    for (const route of ctx.app.routeTable) {
      const row = authorizationMatrix[route.key];
      if (!row) continue;
      for (const caller of callers) {
        const spec = row.request ? await row.request(world, caller.as) : { url: route.url };
        const res = await ctx.app.inject({
          method: route.method as InjectOptions['method'],
          url: spec.url,
          payload: spec.payload,
          headers: { ...spec.headers, authorization: caller.authorization },
          ...(spec.remoteAddress ? { remoteAddress: spec.remoteAddress } : {}),
        });
        const anonymous = expected(row.expect, 'anonymous');
        const standIn = expected(row.expect, caller.as);
        const fine =
          caller.as === 'creator'
            ? res.statusCode === 401 || res.statusCode === anonymous
            : res.statusCode === standIn || (res.statusCode >= 400 && res.statusCode < 500);
        if (!fine)
          unexpected.push(`${route.key} as ${caller.name}: got ${res.statusCode} ${res.body.slice(0, 120)}`);
        for (const leak of leaks(world, 'anonymous', route.key, res.body))
          unexpected.push(`${route.key} as ${caller.name}: ${leak}`);
      }
    }
    expect(unexpected).toEqual([]);
  }, 180_000);

  it("answers by the object's state too: an entered video, a draft's removed product, an approved video", async () => {
    const as = (actor: Actor, method: InjectOptions['method'], url: string, payload?: object) =>
      ctx.app.inject({ method, url, payload, headers: world.headers(actor) });
    const unexpected: string[] = [];
    const check = async (
      name: string,
      expectation: Expectation,
      request: (actor: Actor) => Promise<{ method: InjectOptions['method']; url: string; payload?: object }>,
    ) => {
      for (const actor of ACTORS) {
        const { method, url, payload } = await request(actor);
        const res = await as(actor, method, url, payload);
        const wanted = expected(expectation, actor);
        if (res.statusCode !== wanted)
          unexpected.push(
            `${name} as ${actor}: expected ${wanted}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        for (const leak of leaks(world, actor, name, res.body))
          unexpected.push(`${name} as ${actor}: ${leak}`);
      }
    };

    // An entered video (version 1 of the owner's entry in the running contest): kept while the
    // contest runs — deleting it is a 409 for those who may delete it; the contest's brand sees it
    // (so is refused, 403), to other strangers it does not exist (404).
    const entered = await ctx.deps.database.query(
      'select video_id from entry_versions where entry_id = $1 order by version limit 1',
      [world.entry.id],
    );
    const enteredId = Number(entered.rows[0]!.video_id);
    const brandOne = (status: number): Expectation => ({
      brand: status,
      brandManager: status,
      brandReviewer: status,
      brandViewer: status,
    });
    await check(
      'GET an entered video',
      { all: 404, creator: 200, ...brandOne(200), staff: 200 },
      async () => ({
        method: 'GET',
        url: `/api/videos/videos/${enteredId}/`,
      }),
    );
    await check(
      'DELETE an entered video',
      { all: 404, anonymous: 401, ...brandOne(403), creator: 409, staff: 409 },
      async () => ({ method: 'DELETE', url: `/api/videos/videos/${enteredId}/` }),
    );

    // A product removed from a draft: in no public catalogue; the draft's products only for its
    // brand and staff.
    const draft = await world.fresh.draftContest();
    const [kept, removed] = draft.products;
    const edited = await as('brand', 'PATCH', `/api/contests/${draft.id}/`, {
      products: [{ id: kept!.id, code: kept!.code, name: kept!.name, stock_quantity: 0 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const actor of ACTORS) {
      const catalogue = await as(actor, 'GET', `/api/brands/${world.brandId}/products/`);
      expect(catalogue.statusCode).toBe(200);
      const ids = catalogue.json<Array<{ id: number }>>().map((p) => p.id);
      if (ids.includes(removed!.id) || ids.includes(kept!.id))
        unexpected.push(`GET /api/brands/:id/products/ as ${actor}: lists a product of a draft`);
    }
    await check("GET a draft's products", { all: 404, ...brandOne(200), staff: 200 }, async () => ({
      method: 'GET',
      url: `/api/contests/${draft.id}/products/`,
    }));

    // An approved video: public to all; changed only by its owner (back to review), deleted by
    // its owner or staff; others are refused as if it were not theirs to see changed.
    const approved = async () => {
      const video = await world.fresh.video();
      const decided = await as('staff', 'POST', `/api/staff/videos/${video.id}/approve/`);
      expect(decided.statusCode, decided.body).toBe(200);
      return video.id;
    };
    const publicVideo = await approved();
    await check('GET an approved video', { all: 200 }, async () => ({
      method: 'GET',
      url: `/api/videos/videos/${publicVideo}/`,
    }));
    await check('PUT an approved video', { all: 403, anonymous: 401, creator: 200 }, async (actor) => ({
      method: 'PUT',
      url: `/api/videos/videos/${await approved()}/`,
      payload: { title: `Retitled as ${actor}` },
    }));
    await check(
      'DELETE an approved video',
      { all: 403, anonymous: 401, creator: 204, staff: 204 },
      async () => ({ method: 'DELETE', url: `/api/videos/videos/${await approved()}/` }),
    );
    expect(unexpected).toEqual([]);
  }, 180_000);
});

/** Names of fields that never leave the server, in any answer to anyone. */
const SECRET_FIELDS =
  /"(password|password_hash|passwordHash|token_version|tokenVersion|token_hash|tokenHash)"\s*:/;
/** The API's own description names its fields (a schema, not data). */
const DESCRIBES_THE_API = new Set(['GET /api/docs/json', 'GET /api/openapi.json']);

/**
 * What a body shows that `actor` may not see: a secret field or a password hash (anyone), or the
 * owner's e-mail address (the owner's, the brand that selected them and staff's to see).
 */
function leaks(world: World, actor: Actor, routeKey: string, body: string): string[] {
  if (DESCRIBES_THE_API.has(routeKey)) return [];
  const found: string[] = [];
  const field = SECRET_FIELDS.exec(body);
  if (field) found.push(`secret field ${field[1]}`);
  if (body.includes('$argon2')) found.push('a password hash');
  const stranger = actor === 'anonymous' || actor === 'otherCreator' || actor === 'otherBrand';
  if (stranger && body.includes(world.users.creator.email)) found.push("the owner's e-mail address");
  return found;
}

function expected(expectation: Expectation, actor: Actor): number {
  const status = expectation[actor] ?? expectation.all;
  if (status === undefined) throw new Error(`the row names no status for ${actor} (and no "all")`);
  return status;
}
