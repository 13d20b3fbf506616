import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BrandMember,
  EntryApprovals,
  Audience,
  AudienceTally,
  ManagedApplicationPage,
  ContestInsights,
  ContestResponse,
  ContestResults,
  Entry,
  LoginResponse,
  MessagePage,
  PayoutList,
  Ranking,
  Scorecard,
  StaffInsights,
  ThreadList,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { login } from '../../modules/accounts/test-support';
import { applications } from '../schema/index';
import { seedIfEmpty } from './index';
import {
  DEMO_ACCOUNTS_FILE,
  DEMO_BRAND_EMAIL,
  DEMO_INVITED_EMAIL,
  DEMO_OTHER_BRAND_EMAIL,
  DEMO_STAFF_EMAIL,
  seedDemoAccounts,
  type DemoAccount,
} from './demo-world';
import { FINISHED_CONTEST_SLUG, SIGN_OFF_CONTEST_SLUG, seedDemoSeason } from './demo-season';
import { DEMO_VOTER_EMAIL, DEMO_VOTER_PASSWORD } from './demo-audience';

describe('the demo world (first start of the embedded database, or npm run seed -- --demo)', () => {
  let ctx: TestContext;
  let accounts: DemoAccount[];
  const headers: Record<string, { authorization: string }> = {};
  const as = async (email: string) => {
    if (headers[email]) return headers[email];
    const account = accounts.find((a) => a.email === email)!;
    const session = (await login(ctx, account.email, account.password)).json<LoginResponse>();
    headers[email] = { authorization: `Bearer ${session.access}` };
    return headers[email];
  };
  const get = async <T>(url: string, email?: string): Promise<T> => {
    const res = await ctx.app.inject({ url, headers: email ? await as(email) : {} });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    // The world without the library's sample videos (demo-videos.test.ts makes those).
    const people = (await seedDemoAccounts(ctx.deps))!;
    accounts = people.accounts;
    expect(await seedDemoSeason(ctx.deps, people.cast)).toBe(8);
  }, 600_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('had an audience award in the finished contest: closed, a ring voided with its reason, the winner awarded', async () => {
    const contest = await get<ContestResponse>(`/api/contests/${FINISHED_CONTEST_SLUG}/`);
    const audience = await get<Audience>(`/api/contests/${contest.id}/audience/`, DEMO_VOTER_EMAIL);
    expect(audience.status).toBe('closed');
    expect(audience.my_votes).toHaveLength(2);
    const tally = await get<AudienceTally>(`/api/contests/${contest.id}/audience/tally/`);
    const noor = audience.finalists.find((f) => f.creator_name === 'Noor Haddad')!;
    expect(audience.winner_entry_id).toBe(noor.entry_id);
    expect(tally.reduce((sum, row) => sum + row.voided, 0)).toBe(7);
    const csv = await ctx.app.inject({
      url: `/api/contests/${contest.id}/votes.csv`,
      headers: await as(DEMO_STAFF_EMAIL),
    });
    expect(csv.body).toContain('a ring');
    expect((await login(ctx, DEMO_VOTER_EMAIL, DEMO_VOTER_PASSWORD)).json<LoginResponse>().user.role).toBe(
      'voter',
    );
  });

  it('makes staff, two brands (Hbada with a team of four) and six creators once, each with what it shows, in a 0600 file', async () => {
    expect(accounts.map((a) => a.role)).toEqual([
      'staff',
      ...Array<string>(5).fill('brand'),
      ...Array<string>(6).fill('creator'),
      'voter',
    ]);
    const file = path.join(ctx.dataDir, DEMO_ACCOUNTS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    for (const account of accounts) {
      expect(text).toContain(`${account.email}  ${account.password}`);
      expect(account.sees.length).toBeGreaterThan(20);
      expect(text).toContain(account.sees);
    }
    const brand = (
      await login(ctx, DEMO_BRAND_EMAIL, accounts.find((a) => a.email === DEMO_BRAND_EMAIL)!.password)
    ).json<LoginResponse>();
    expect(brand.user).toMatchObject({ role: 'brand', brand_profile: { company_name: 'Hbada' } });

    // Once: a second run finds the demo staff account and changes nothing.
    const rows = await ctx.deps.database.db.select().from(applications);
    expect(await seedDemoAccounts(ctx.deps)).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(await ctx.deps.database.db.select().from(applications)).toHaveLength(rows.length);
  });

  it('has a finished contest with published results, a scorecard for every entrant, one prize paid and one pending', async () => {
    const contest = await get<ContestResponse>(`/api/contests/${FINISHED_CONTEST_SLUG}/`);
    expect(contest.status).toBe('ended');
    const results = await get<ContestResults>(`/api/contests/${contest.id}/results/`);
    expect(results.published_at).not.toBeNull();
    expect(results.entries_count).toBe(3);
    expect(results.winners.map((w) => [w.place, w.creator_name])).toEqual([
      [1, 'Noor Haddad'],
      [2, 'Kenji Watanabe'],
    ]);
    for (const [email, entryId] of [
      ['noor@demo.example.com', results.winners[0]!.entry_id],
      ['kenji@demo.example.com', results.winners[1]!.entry_id],
    ] as const) {
      const card = await get<Scorecard>(`/api/entries/${entryId}/scorecard/`, email);
      expect(card.judges).toBe(2);
    }
    const lucia = await get<Entry | null>(
      `/api/contests/${contest.id}/entries/mine/`,
      'lucia@demo.example.com',
    );
    await get<Scorecard>(`/api/entries/${lucia!.id}/scorecard/`, 'lucia@demo.example.com');

    const paid = await get<PayoutList>('/api/payouts/?status=paid', DEMO_STAFF_EMAIL);
    const pending = await get<PayoutList>('/api/payouts/?status=pending', DEMO_STAFF_EMAIL);
    // Her first prize and the audience award (issue 50), both paid.
    expect(paid.earnings.map((e) => e.creator_name)).toEqual(['Noor Haddad', 'Noor Haddad']);
    expect(pending.earnings.map((e) => e.creator_name)).toEqual(['Kenji Watanabe']);

    // Its insights chart the entries as submitted before the deadline, not on the day of the seed.
    const insights = await get<ContestInsights>(
      `/api/brand/contests/${contest.id}/insights/`,
      DEMO_STAFF_EMAIL,
    );
    expect(insights.submissions_by_day.map((d) => d.cumulative).at(-1)).toBe(3);
    for (const day of insights.submissions_by_day)
      expect(day.date <= insights.submission_deadline.slice(0, 10)).toBe(true);
    // The staff overview's processing times are minutes after each (past) upload, not weeks.
    const overview = await get<StaffInsights>('/api/staff/insights/?days=90', DEMO_STAFF_EMAIL);
    const measured = overview.by_day.filter((day) => day.processing_p95_seconds !== null);
    expect(measured.length).toBeGreaterThan(0);
    for (const day of measured) expect(day.processing_p95_seconds!).toBeLessThan(300);
  });

  it('gives Hbada a team (owner, manager, reviewer, viewer, an invitation) and a contest asking two approvals, with an entry approved once and one asked to change', async () => {
    const team = await get<BrandMember[]>('/api/brands/1/members/', 'vic@demo.example.com');
    expect(team.map((m) => [m.email, m.role, m.status])).toEqual(
      expect.arrayContaining([
        [DEMO_BRAND_EMAIL, 'owner', 'active'],
        ['mara@demo.example.com', 'manager', 'active'],
        ['remy@demo.example.com', 'reviewer', 'active'],
        ['vic@demo.example.com', 'viewer', 'active'],
        [DEMO_INVITED_EMAIL, 'reviewer', 'invited'],
      ]),
    );
    const contest = await get<ContestResponse>(`/api/contests/${SIGN_OFF_CONTEST_SLUG}/`);
    expect(contest).toMatchObject({ approvals_required: 2, brand: { id: 1 } });
    const sam = await get<Entry>(`/api/contests/${contest.id}/entries/mine/`, 'sam@demo.example.com');
    expect(
      await get<EntryApprovals>(`/api/entries/${sam.id}/approvals/`, 'sam@demo.example.com'),
    ).toMatchObject({
      required: 2,
      state: 'pending',
      approvals: [{ name: 'Mara Lindqvist', decision: 'approve', version: 1 }],
    });
    const ava = await get<Entry>(`/api/contests/${contest.id}/entries/mine/`, 'ava@demo.example.com');
    expect(ava.status).toBe('revision_requested');
    expect(
      (await get<EntryApprovals>(`/api/entries/${ava.id}/approvals/`, 'ava@demo.example.com')).state,
    ).toBe('changes_requested');
    // The chair contest asks none: its sign-off stays as the spec describes it.
    expect((await get<ContestResponse>('/api/contests/1/')).approvals_required).toBe(0);
  });

  it('runs the chair contest: selected and shipped creators, pending applications, an entry with two versions and an answered pinned note, two judges at work', async () => {
    const page = await get<ManagedApplicationPage>('/api/contests/1/applications/', DEMO_STAFF_EMAIL);
    const byName = new Map(page.results.map((a) => [a.full_name, a]));
    expect(byName.get('Noor Haddad')).toMatchObject({ status: 'selected', shipment: { carrier: 'UPS' } });
    expect(byName.get('Kenji Watanabe')!.shipment).not.toBeNull();
    expect(byName.get('Lucía Ferreira')).toMatchObject({ status: 'selected', shipment: null });
    expect(page.results.filter((a) => a.status === 'pending').length).toBeGreaterThanOrEqual(3);

    const noor = await get<Entry>('/api/contests/1/entries/mine/', 'noor@demo.example.com');
    expect(noor.versions).toHaveLength(2);
    const note = noor.notes.find((n) => n.parent_id === null)!;
    expect(note).toMatchObject({ version: 1, at_seconds: 12 });
    expect(noor.notes.some((n) => n.parent_id === note.id && /version 2/.test(n.text))).toBe(true);

    const ranking = await get<Ranking>('/api/contests/1/ranking/', DEMO_STAFF_EMAIL);
    expect(ranking.results_published_at).toBeNull();
    expect(ranking.entries.map((e) => e.judges).sort()).toEqual([1, 2]);
    // The other company's brand sees none of it.
    const other = await ctx.app.inject({
      url: '/api/contests/1/applications/',
      headers: await as(DEMO_OTHER_BRAND_EMAIL),
    });
    expect(other.statusCode).toBe(403);
  });

  it('seeds conversations on Noor’s application and entry with Hbada, one message unread for the brand', async () => {
    const brand = await get<ThreadList>('/api/threads/', DEMO_BRAND_EMAIL);
    expect(brand.unread_total).toBe(1);
    expect(brand.threads.map((t) => [t.kind, t.counterpart, t.unread]).sort()).toEqual([
      ['application', 'Noor Haddad', 1],
      ['entry', 'Noor Haddad', 0],
    ]);
    const noor = await get<ThreadList>('/api/threads/', 'noor@demo.example.com');
    expect(noor.threads).toHaveLength(2);
    const entryThread = noor.threads.find((t) => t.kind === 'entry')!;
    const thread = await get<MessagePage>(
      `/api/entries/${entryThread.id}/messages/`,
      'noor@demo.example.com',
    );
    expect(thread.messages.map((m) => m.author.side)).toEqual(['creator', 'brand', 'creator']);
    expect((await get<ThreadList>('/api/threads/', DEMO_OTHER_BRAND_EMAIL)).threads).toEqual([]);
  });
});
