import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidatorWording, MESSAGES } from '@app/domain';
import { createTestContext, type TestContext } from './helper';
import { createWorld, type Actor, type World } from './world';

/**
 * Issue 26: an empty filter is no filter. A list page whose select reads "All" or whose search box
 * is empty sends `?role=&q=`; every list with filters answers it exactly as it answers the same
 * list without those parameters (200, every row), never a 400.
 */
describe('an empty query filter means no filter, on every list with filters', () => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createWorld(ctx);
  }, 120_000);
  afterAll(() => ctx?.close());

  const get = (url: string, actor: Actor) =>
    ctx.app.inject({ method: 'GET', url, headers: world.headers(actor) });

  /** [list, actor, path without filters, the same path with every filter empty]. */
  const lists = (): Array<[string, Actor, string, string]> => {
    const c = world.contest.id;
    return [
      ['staff accounts', 'staff', '/api/staff/users/', '/api/staff/users/?role=&q=&page='],
      ['staff invitations', 'staff', '/api/staff/invitations/', '/api/staff/invitations/?page='],
      ['review queue', 'staff', '/api/staff/videos/', '/api/staff/videos/?review=&page='],
      [
        'audit log',
        'staff',
        '/api/staff/audit/',
        '/api/staff/audit/?actor=&action=&target_type=&target_id=&page=',
      ],
      ['contests', 'anonymous', '/api/contests/', '/api/contests/?status='],
      [
        'applications',
        'staff',
        `/api/contests/${c}/applications/`,
        `/api/contests/${c}/applications/?status=&product=&sort=&page=`,
      ],
      [
        'release preview',
        'staff',
        `/api/contests/${c}/applications/release/?older_than_days=7`,
        `/api/contests/${c}/applications/release/?older_than_days=7&product_id=`,
      ],
      ['entries', 'staff', `/api/contests/${c}/entries/`, `/api/contests/${c}/entries/?filter=`],
      [
        'ranking',
        'staff',
        `/api/contests/${world.judging.contestId}/ranking/`,
        `/api/contests/${world.judging.contestId}/ranking/?page=`,
      ],
      ['payouts', 'staff', '/api/payouts/', '/api/payouts/?status='],
      ['payouts export', 'staff', '/api/payouts/export/', '/api/payouts/export/?status='],
      [
        'library',
        'anonymous',
        '/api/videos/videos/',
        '/api/videos/videos/?is_approved=&is_standalone=&mine=&ordering=&page=&page_size=',
      ],
      ['search', 'anonymous', '/api/videos/search/', '/api/videos/search/?query=&page=&page_size='],
    ];
  };

  /**
   * A body without what changes from one call to the next: instants, signed media URLs' expiry and
   * signature, download links' tokens (they carry their expiry) and a video's processing progress.
   */
  const stable = (body: string) =>
    body
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<instant>')
      .replace(/\/media\/s\/[^/]+\/[^/]+\//g, '/media/s/')
      .replace(/token=[^"&]+/g, 'token=')
      .replace(/"percent":\d+/g, '"percent":0');

  /**
   * What a list lists: for a JSON list (paged or not) its count and the ids of its rows in order (a row's
   * own fields may move on between two calls while background jobs process its video), else the
   * stable text.
   */
  const listed = (body: string) => {
    try {
      const parsed = JSON.parse(body) as
        { count?: number; results?: { id?: unknown }[] } | { id?: unknown }[];
      const rows = Array.isArray(parsed) ? parsed : parsed.results;
      const count = Array.isArray(parsed) ? parsed.length : parsed.count;
      if (Array.isArray(rows))
        return JSON.stringify([count, rows.map((row) => row.id ?? stable(JSON.stringify(row)))]);
    } catch {
      // not JSON (a CSV export): compared as text
    }
    return stable(body);
  };

  it('answers each list with empty filters as it answers it without filters', async () => {
    const differences: string[] = [];
    for (const [name, actor, plain, empty] of lists()) {
      const expected = await get(plain, actor);
      const answered = await get(empty, actor);
      if (expected.statusCode !== 200) differences.push(`${name}: ${plain} answered ${expected.statusCode}`);
      if (answered.statusCode !== 200 || listed(answered.body) !== listed(expected.body))
        differences.push(`${name}: ${empty} answered ${answered.statusCode} ${answered.body.slice(0, 200)}`);
    }
    expect(differences).toEqual([]);
  });

  it('lists every account for "All roles" and an empty search', async () => {
    const res = await get('/api/staff/users/?role=&q=&page=1', 'staff');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ count: number; results: Array<{ role: string }> }>();
    const total = (await ctx.deps.database.query('select count(*)::int as n from users')).rows[0] as {
      n: number;
    };
    expect(page.count).toBe(total.n);
    expect(new Set(page.results.map((u) => u.role))).toEqual(new Set(['creator', 'brand', 'staff', 'voter']));
  });

  it('still filters on a value given', async () => {
    const res = await get('/api/staff/users/?role=brand&q=', 'staff');
    expect(res.statusCode).toBe(200);
    const roles = res.json<{ results: Array<{ role: string }> }>().results.map((u) => u.role);
    expect(roles.length).toBeGreaterThan(0);
    expect(new Set(roles)).toEqual(new Set(['brand']));
  });

  it("words a refused filter for people; the fields keep the validator's message for clients", async () => {
    const res = await get('/api/staff/users/?role=judge', 'staff');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail: string; code: string; role: string[] }>();
    expect(body.detail).toBe(MESSAGES.generic.requestNotAccepted);
    expect(body.code).toBe('validation');
    expect(body.role).toHaveLength(1);
    expect(isValidatorWording(body.detail)).toBe(false);
  });

  it('words a body the validator refused for people', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/invitations/',
      headers: { ...world.headers('staff'), 'content-type': 'application/json' },
      payload: { email: 'someone@example.com', role: 'emperor' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(MESSAGES.generic.inputNotAccepted);
  });
});
