import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { authorizationMatrix, type Expectation } from './authorization-matrix';
import { createUser } from './factories';
import { createTestContext, type TestContext } from './helper';
import { ACTORS, createWorld, type Actor, type World } from './world';

/**
 * Every registered route × six actors against the expectations of test/authorization-matrix.ts.
 * A route without a row, or a row without a route, fails with its key. Prints the figures.
 */
describe('authorization matrix (issue 18): every route × every actor', () => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestContext();
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
  }, 180_000);

  it('refuses tokens that no longer speak for an account; a brand user of no brand gains nothing', async () => {
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
    const callers = [
      { name: 'deactivated', as: 'creator' as const, authorization: deactivated.headers.authorization! },
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
