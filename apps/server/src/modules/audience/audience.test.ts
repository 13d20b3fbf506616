import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Audience, AudienceTally, CastVote, VoteCluster } from '@app/domain';
import { auditLog } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeEntry, makeJudgingContest, type JudgingContest } from '../judging/test-support';
import { networkOf, voteKeysOf } from './vote-keys';

let ctx: TestContext;
let staff: TestUser;
let owner: TestUser;
let viewer: TestUser;
let manager: TestUser;
let contest: JudgingContest;
let finalists: number[];
let ipCounter = 0;

const HOUR = 3_600_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
/** A fresh address in a network of its own (10.x.y.z): no rate limit shared with other tests. */
const freshIp = () => {
  ipCounter += 1;
  return `10.${ipCounter >> 8}.${ipCounter & 255}.7`;
};

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, user?: TestUser, payload?: object, remoteAddress = freshIp()) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress,
    headers: user?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
const setUp = (c: JudgingContest, user: TestUser, body: Partial<Record<string, unknown>> = {}) =>
  call('PUT', `/api/contests/${c.id}/audience/`, user, {
    voting_opens_at: iso(-HOUR),
    voting_closes_at: iso(24 * HOUR),
    prize_cents: 25_000,
    votes_per_voter: 2,
    finalist_entry_ids: finalists,
    ...body,
  });
const vote = (c: JudgingContest, user: TestUser | undefined, entryId: number, ip?: string) =>
  call('POST', `/api/contests/${c.id}/votes/`, user, { entry_id: entryId }, ip);
const tallyOf = async (c: JudgingContest, user?: TestUser) =>
  (await call('GET', `/api/contests/${c.id}/audience/tally/`, user)).json<AudienceTally>();
const voter = (email?: string) => createUser(ctx, { email });

/** A judging contest of a new brand with three entries of three creators. */
async function contestWithEntries(): Promise<{
  contest: JudgingContest;
  entryIds: number[];
  creators: TestUser[];
}> {
  const made = await makeJudgingContest(ctx.deps.database.db);
  const entryIds: number[] = [];
  const creators: TestUser[] = [];
  for (const name of ['Ana', 'Ben', 'Cy']) {
    const creator = await createUser(ctx, { firstName: name, lastName: 'Maker' });
    creators.push(creator);
    const entry = await makeEntry(ctx.deps.database.db, made, creator, { title: `${name}'s film` });
    entryIds.push(entry.entryId);
  }
  return { contest: made, entryIds, creators };
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createUser(ctx, { role: 'staff' });
  ({ contest, entryIds: finalists } = await contestWithEntries());
  owner = await createUser(ctx, { role: 'brand', brandId: contest.brandId });
  manager = await createUser(ctx, { role: 'brand', brandId: contest.brandId, brandRole: 'manager' });
  viewer = await createUser(ctx, { role: 'brand', brandId: contest.brandId, brandRole: 'viewer' });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('PUT /api/contests/{id}/audience/: the set-up', () => {
  it('staff, owners and managers set it up; viewers, creators and other brands may not; audited', async () => {
    const creator = await voter();
    const other = await createUser(ctx, {
      role: 'brand',
      brandId: (await makeJudgingContest(ctx.deps.database.db)).brandId,
    });
    expect((await setUp(contest, viewer)).statusCode).toBe(403);
    expect((await setUp(contest, creator)).statusCode).toBe(403);
    expect((await setUp(contest, other)).statusCode).toBe(403);
    expect((await setUp(contest, undefined as unknown as TestUser)).statusCode).toBe(401);
    const res = await setUp(contest, manager);
    expect(res.statusCode).toBe(200);
    const audience = res.json<Audience>();
    expect(audience).toMatchObject({ status: 'open', prize_cents: 25_000, votes_per_voter: 2, my_votes: [] });
    expect(audience.finalists.map((f) => [f.entry_id, f.title, f.creator_name])).toEqual([
      [finalists[0], "Ana's film v1", 'Ana Maker'],
      [finalists[1], "Ben's film v1", 'Ben Maker'],
      [finalists[2], "Cy's film v1", 'Cy Maker'],
    ]);
    const audits = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'audience.setup'));
    expect(audits.some((a) => a.targetId === String(contest.id) && a.actorId === manager.id)).toBe(true);
  });

  it('refuses a window in the wrong order, foreign finalists, and (once open) a change of finalists', async () => {
    const wrong = await setUp(contest, staff, { voting_closes_at: iso(-2 * HOUR) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<Record<string, string[]>>().voting_closes_at).toEqual([
      'Voting must close after it opens.',
    ]);
    const { entryIds: foreign } = await contestWithEntries();
    const res = await setUp(contest, staff, { finalist_entry_ids: [finalists[0], foreign[0]] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(
      'Finalists are entries of this contest with a judged version.',
    );
    const changed = await setUp(contest, staff, { finalist_entry_ids: finalists.slice(0, 2) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ code: string }>().code).toBe('voting_started');
    // The window and the prize may still move.
    expect((await setUp(contest, staff, { prize_cents: 30_000 })).json<Audience>().prize_cents).toBe(30_000);
  });
});

describe('POST /api/contests/{id}/votes/: one vote per account and finalist, final', () => {
  it('counts a vote, refuses a second for the same film, the limit, non-finalists, anonymous', async () => {
    const alice = await voter();
    expect((await vote(contest, undefined, finalists[0]!)).statusCode).toBe(401);
    const first = await vote(contest, alice, finalists[0]!);
    expect(first.statusCode).toBe(201);
    expect(first.json<CastVote>()).toEqual({ entry_id: finalists[0], status: 'counted' });
    const again = await vote(contest, alice, finalists[0]!);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([409, 'already_voted']);
    const { entryIds: foreign } = await contestWithEntries();
    const outside = await vote(contest, alice, foreign[0]!);
    expect([outside.statusCode, outside.json<{ code: string }>().code]).toEqual([409, 'not_a_finalist']);
    expect((await vote(contest, alice, finalists[1]!)).statusCode).toBe(201);
    const over = await vote(contest, alice, finalists[2]!);
    expect([over.statusCode, over.json<{ code: string }>().code]).toEqual([409, 'vote_limit']);
    expect(over.json<{ detail: string }>().detail).toBe('You have used all your votes in this contest.');
    const mine = await call('GET', `/api/contests/${contest.id}/audience/`, alice);
    expect(mine.json<Audience>().my_votes).toEqual([finalists[0], finalists[1]]);
  });

  it('votes sent at once cannot pass the limit together', async () => {
    const bo = await voter();
    const answers = await Promise.all(finalists.map((id) => vote(contest, bo, id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409]);
  });

  it('refuses votes outside the window (409 voting_closed)', async () => {
    const { contest: later, entryIds } = await contestWithEntries();
    const res = await call('PUT', `/api/contests/${later.id}/audience/`, staff, {
      voting_opens_at: iso(HOUR),
      voting_closes_at: iso(2 * HOUR),
      prize_cents: 0,
      votes_per_voter: 1,
      finalist_entry_ids: entryIds,
    });
    expect(res.json<Audience>().status).toBe('upcoming');
    const early = await vote(later, await voter(), entryIds[0]!);
    expect([early.statusCode, early.json<{ code: string }>().code]).toEqual([409, 'voting_closed']);
  });

  it('holds votes from one address past its rate as suspect, flags new accounts and throwaway mailboxes', async () => {
    const ip = '198.51.100.20';
    const statuses: string[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await vote(contest, await voter(), finalists[2]!, ip)).json<CastVote>().status);
    expect(statuses).toEqual(['counted', 'counted', 'counted', 'counted', 'counted', 'suspect']);
    const throwaway = await voter(`ring-${Date.now()}@mailinator.com`);
    expect((await vote(contest, throwaway, finalists[2]!)).json<CastVote>().status).toBe('counted');
    const csv = (await call('GET', `/api/contests/${contest.id}/votes.csv`, staff)).body;
    const row = csv.split('\r\n').find((line) => line.includes(`,${throwaway.id},`))!;
    expect(row).toContain('new_account disposable_email');
    expect(csv).not.toContain(ip);
    expect(csv.split('\r\n')[0]).toBe(
      'vote_id,entry_id,account_id,status,flags,address_key,network_key,account_age_hours,cast_at,void_reason',
    );
  });

  it('holds votes from one network (/24) past its rate as suspect', async () => {
    const { contest: campus, entryIds } = await contestWithEntries();
    await call('PUT', `/api/contests/${campus.id}/audience/`, staff, {
      voting_opens_at: iso(-HOUR),
      voting_closes_at: iso(HOUR),
      prize_cents: 0,
      votes_per_voter: 1,
      finalist_entry_ids: entryIds,
    });
    const statuses: string[] = [];
    for (let i = 1; i <= 21; i += 1)
      statuses.push(
        (await vote(campus, await voter(), entryIds[0]!, `203.0.113.${i}`)).json<CastVote>().status,
      );
    expect(statuses.filter((s) => s === 'counted')).toHaveLength(20);
    expect(statuses[20]).toBe('suspect');
  });
});

describe('the tally, the clusters, voiding and releasing', () => {
  it('hides counts from the public while voting is open; staff and the brand see them', async () => {
    expect((await call('GET', `/api/contests/${contest.id}/audience/tally/`, await voter())).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/contests/${contest.id}/audience/tally/`)).statusCode).toBe(403);
    const tally = await tallyOf(contest, viewer);
    expect(tally.find((t) => t.entry_id === finalists[2])).toMatchObject({ suspect: 1 });
    const gallery = await call('GET', `/api/contests/${contest.id}/audience/`);
    expect(gallery.body).not.toMatch(/"votes"|"suspect"/);
  });

  it('staff release a suspect vote, void a network with a reason, and the tally follows; audited', async () => {
    const before = (await tallyOf(contest, staff)).find((t) => t.entry_id === finalists[2])!;
    const clusters = (await call('GET', `/api/contests/${contest.id}/audience/clusters/`, staff)).json<
      VoteCluster[]
    >();
    const ring = voteKeysOf(ctx.deps.config.JWT_SECRET, '198.51.100.20').networkKey;
    expect(clusters.find((c) => c.kind === 'network' && c.key === ring)).toMatchObject({
      votes: 6,
      suspect: 1,
    });
    expect((await call('GET', `/api/contests/${contest.id}/audience/clusters/`, owner)).statusCode).toBe(403);

    const suspectId = Number(
      (await call('GET', `/api/contests/${contest.id}/votes.csv`, staff)).body
        .split('\r\n')
        .find((line) => line.includes(',suspect,'))!
        .split(',')[0],
    );
    const released = await call('POST', `/api/contests/${contest.id}/votes/release/`, staff, {
      vote_ids: [suspectId],
    });
    expect(released.json()).toEqual({ released: 1 });
    expect((await tallyOf(contest, staff)).find((t) => t.entry_id === finalists[2])).toMatchObject({
      votes: before.votes + 1,
      suspect: 0,
    });

    const voided = await call('POST', `/api/contests/${contest.id}/votes/void/`, staff, {
      network: ring,
      reason: 'Six accounts from one network within a minute.',
    });
    expect(voided.json()).toEqual({ voided: 6 });
    expect((await tallyOf(contest, staff)).find((t) => t.entry_id === finalists[2])).toMatchObject({
      votes: before.votes + 1 - 6,
      voided: 6,
    });
    const noFilter = await call('POST', `/api/contests/${contest.id}/votes/void/`, staff, { reason: 'x' });
    expect(noFilter.statusCode).toBe(400);
    const actions = (await ctx.deps.database.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['audience.release', 'audience.void']));
  });

  it("names a sign-up day's accounts (only that kind), and voiding them voids its votes", async () => {
    const { contest: c, entryIds } = await contestWithEntries();
    expect((await setUp(c, staff, { finalist_entry_ids: entryIds })).statusCode).toBe(200);
    const voters = [await voter(), await voter(), await voter()];
    for (const v of voters) expect((await vote(c, v, entryIds[1]!)).statusCode).toBe(201);
    const clustersOf = async () =>
      (await call('GET', `/api/contests/${c.id}/audience/clusters/`, staff)).json<VoteCluster[]>();
    const clusters = await clustersOf();
    const day = clusters.find((cluster) => cluster.kind === 'signup_day')!;
    expect(day).toMatchObject({
      votes: 3,
      accounts: 3,
      account_ids: voters.map((v) => v.id).sort((a, b) => a - b),
    });
    expect(
      clusters.filter((cluster) => cluster.kind !== 'signup_day').every((cluster) => !cluster.account_ids),
    ).toBe(true);

    const voided = await call('POST', `/api/contests/${c.id}/votes/void/`, staff, {
      account_ids: day.account_ids,
      reason: 'Three accounts made the same day, voting together.',
    });
    expect(voided.json()).toEqual({ voided: 3 });
    expect((await tallyOf(c, staff)).find((t) => t.entry_id === entryIds[1])).toMatchObject({
      votes: 0,
      voided: 3,
    });
    expect((await clustersOf()).find((cluster) => cluster.kind === 'signup_day')).toMatchObject({
      voided: 3,
      account_ids: [],
    });
  });

  it('shows the tally to everyone after the close', async () => {
    const res = await setUp(contest, staff, {
      voting_opens_at: iso(-3 * HOUR),
      voting_closes_at: iso(-HOUR),
    });
    expect(res.json<Audience>().status).toBe('closed');
    const tally = await tallyOf(contest);
    expect(tally.map((t) => t.entry_id)).toEqual(finalists);
    const late = await vote(contest, await voter(), finalists[0]!);
    expect(late.json<{ code: string }>().code).toBe('voting_closed');
  });
});

describe('vote keys', () => {
  it('groups addresses by /24 and /48, IPv4-mapped IPv6 as IPv4', () => {
    expect(networkOf('192.0.2.77')).toBe('192.0.2.0/24');
    expect(networkOf('::ffff:192.0.2.77')).toBe('192.0.2.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    const a = voteKeysOf('secret', '192.0.2.1');
    const b = voteKeysOf('secret', '192.0.2.200');
    expect(a.networkKey).toBe(b.networkKey);
    expect(a.addressKey).not.toBe(b.addressKey);
    expect(a.networkKey).toMatch(/^n_[0-9a-f]{16}$/);
  });
});

describe('POST /api/contests/{id}/audience/award/: the audience winner, paid like a prize', () => {
  it('is refused before the close, then gives the top finalist its earning once; ties go to the earlier submission', async () => {
    const { contest: c, entryIds, creators } = await contestWithEntries();
    await call('PUT', `/api/contests/${c.id}/audience/`, staff, {
      voting_opens_at: iso(-HOUR),
      voting_closes_at: iso(HOUR),
      prize_cents: 40_000,
      votes_per_voter: 1,
      finalist_entry_ids: entryIds,
    });
    // Two votes each for the second and third entries: a tie, the second was submitted first.
    for (const id of [entryIds[1]!, entryIds[1]!, entryIds[2]!, entryIds[2]!])
      await vote(c, await voter(), id);
    const early = await call('POST', `/api/contests/${c.id}/audience/award/`, staff);
    expect([early.statusCode, early.json<{ code: string }>().code]).toEqual([409, 'voting_closed']);
    await call('PUT', `/api/contests/${c.id}/audience/`, staff, {
      voting_opens_at: iso(-2 * HOUR),
      voting_closes_at: iso(-60_000),
      prize_cents: 40_000,
      votes_per_voter: 1,
      finalist_entry_ids: entryIds,
    });
    expect((await call('POST', `/api/contests/${c.id}/audience/award/`, owner)).statusCode).toBe(403);
    const res = await call('POST', `/api/contests/${c.id}/audience/award/`, staff);
    expect(res.statusCode).toBe(201);
    const award = res.json<{ entry_id: number; earning_id: number; amount_cents: number }>();
    expect(award).toMatchObject({ entry_id: entryIds[1], amount_cents: 40_000 });
    const again = await call('POST', `/api/contests/${c.id}/audience/award/`, staff);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([409, 'already_awarded']);
    const pending = await call('GET', '/api/payouts/?status=pending', staff);
    expect(pending.body).toContain(`"earning_id":${award.earning_id}`);
    expect((await call('GET', `/api/contests/${c.id}/audience/`)).json<Audience>().winner_entry_id).toBe(
      entryIds[1],
    );
    const mail = await ctx.waitForEmail(creators[1]!.email, { containing: 'audience award' });
    expect(mail).toContain('$400');
  });
});
