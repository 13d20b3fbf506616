import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '@app/domain';
import { createTestContext, type TestContext } from '../../test/helper';
import { createUser, type TestUser } from '../../test/factories';
import { makeEntry, makeJudgingContest } from '../modules/judging/test-support';
import { storeMaster } from '../modules/delivery/test-support';
import { signUnsubscribeToken } from '../modules/notifications';

const PRIVATE = 'private, no-store';

/**
 * Security review, finding 8: an answer meant for one person (their account, payee details,
 * inbox, a delivery, a token) must not be kept by a shared cache or the browser's disk. Every API
 * answer to a request that carried a credential (a bearer token, the refresh cookie, a token in
 * its URL), or that changes something, is `Cache-Control: private, no-store` unless its route
 * chose its own; anonymous reads keep theirs.
 */
describe('personal API answers are never cached', () => {
  let ctx: TestContext;
  let creator: TestUser;
  let staff: TestUser;
  let brandUser: TestUser;
  let entryId: number;

  const get = (url: string, user?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...(user?.headers ?? {}), ...headers } });

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    const contest = await makeJudgingContest(db);
    creator = await createUser(ctx, { role: 'creator' });
    staff = await createUser(ctx, { role: 'staff' });
    brandUser = await createUser(ctx, { role: 'brand', brandId: contest.brandId });
    ({ entryId } = await makeEntry(db, contest, creator));
    await storeMaster(ctx, entryId);
    const published = await ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${contest.id}/results/`,
      headers: staff.headers,
      payload: { places: [{ entry_id: entryId, place: 1, prize_cents: 10_000 }] },
    });
    expect(published.statusCode, published.body).toBe(201);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('a signed-in read: the account, payee details, the inbox, a delivery', async () => {
    for (const [url, user] of [
      ['/api/accounts/me/', creator],
      ['/api/accounts/creators/payee/', creator],
      ['/api/notifications/', creator],
      [`/api/entries/${entryId}/delivery/`, brandUser],
      // A public list read with a token may be shaped by who asks.
      ['/api/contests/', creator],
    ] as const) {
      const res = await get(url, user);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
  });

  it('a link whose token is in its URL: a delivery’s master and certificate, an unsubscribe link', async () => {
    const delivery = (await get(`/api/entries/${entryId}/delivery/`, brandUser)).json<Delivery>();
    for (const url of [delivery.master.url, delivery.certificate_url]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
    const token = signUnsubscribeToken(ctx.config.JWT_SECRET, creator.id, 'announcements');
    const opened = await get(`/api/unsubscribe/${token}/`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers['cache-control']).toBe(PRIVATE);
  });

  it('answers that hand out tokens: signing in and refreshing through the cookie', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/accounts/auth/login/',
      headers: { 'x-refresh-cookie': '1' },
      payload: { email: creator.email, password: creator.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.headers['cache-control']).toBe(PRIVATE);
    const cookie = login.cookies.find((c) => c.name === 'refresh_token')!;
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      headers: { cookie: `refresh_token=${cookie.value}`, origin: ctx.config.PUBLIC_URL },
      payload: {},
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.headers['cache-control']).toBe(PRIVATE);
  });

  it('anonymous reads keep their headers, and a route that chose its own keeps it', async () => {
    const contests = await get('/api/contests/');
    expect(contests.statusCode).toBe(200);
    expect(contests.headers['cache-control']).toBeUndefined();
    // The page's csrftoken cookie is no credential: a public read stays public.
    const withCsrf = await get('/api/contests/', undefined, { cookie: 'csrftoken=abc' });
    expect(withCsrf.headers['cache-control']).toBeUndefined();
    for (const user of [undefined, creator]) {
      const config = await get('/api/config/', user);
      expect(config.statusCode).toBe(200);
      expect(config.headers['cache-control']).toBe('public, max-age=300');
    }
  });
});
