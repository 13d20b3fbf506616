import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { authorizationMatrix, type Expectation } from './authorization-matrix';
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

  it('answers every actor with the expected status', async () => {
    const unexpected: string[] = [];
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
    expect(cases).toBe(ctx.app.routeTable.length * ACTORS.length);
  }, 180_000);
});

function expected(expectation: Expectation, actor: Actor): number {
  const status = expectation[actor] ?? expectation.all;
  if (status === undefined) throw new Error(`the row names no status for ${actor} (and no "all")`);
  return status;
}
