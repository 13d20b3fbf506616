import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareRanked,
  JUDGING_MESSAGES,
  PAYOUT_MESSAGES,
  type ContestResults,
  type JudgingSheet,
  type PayoutList,
  type Ranking,
  type Scorecard,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { auditLog, contests, entryEvents, entryScores, ledgerEntries } from '../../db/schema/index';
import { entryStatus, makeEntry, makeJudgingContest, type JudgingContest } from './test-support';
import { completePaperwork } from '../paperwork/test-support';

describe('judging, results and payouts', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let brandJudge: TestUser;
  let otherBrand: TestUser;
  let creator: TestUser;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
  const score = (story: number, product: number, craft: number, feedback = '') => ({
    scores: [
      { criterion: 'Story', score: story },
      { criterion: 'Product', score: product },
      { criterion: 'Craft', score: craft },
    ],
    feedback,
  });
  const judge = (user: TestUser, entryId: number, body: object) =>
    call('PUT', `/api/entries/${entryId}/scores/`, user, body);
  const newCreator = (name: string) =>
    createUser(ctx, { role: 'creator', firstName: name, lastName: 'Test' });
  const db = () => ctx.deps.database.db;

  const brandOf = (contest: JudgingContest) => createUser(ctx, { role: 'brand', brandId: contest.brandId });
  /** The contest brandJudge's brand runs, and one of otherBrand's. */
  let home: JudgingContest;
  let elsewhere: JudgingContest;

  beforeAll(async () => {
    ctx = await createTestContext();
    staff = await createUser(ctx, { role: 'staff' });
    home = await makeJudgingContest(db());
    elsewhere = await makeJudgingContest(db());
    brandJudge = await brandOf(home);
    otherBrand = await brandOf(elsewhere);
    creator = await newCreator('Agnes');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("hides another brand's draft: 404 for other brands and creators, as for the contest itself", async () => {
    const draft = await makeJudgingContest(db());
    await db().update(contests).set({ publicationStatus: 'draft' }).where(eq(contests.id, draft.id));
    const { entryId } = await makeEntry(db(), draft, creator);
    const stranger = await brandOf(await makeJudgingContest(db()));
    for (const user of [stranger, await newCreator('Nosy')]) {
      expect((await call('GET', `/api/contests/${draft.id}/scores/`, user)).statusCode).toBe(404);
      expect((await judge(user, entryId, score(5, 5, 5))).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/contests/${draft.id}/scores/`, await brandOf(draft))).statusCode).toBe(
      200,
    );
  });

  it('a brand judges only its own contests; creators and anonymous callers cannot score', async () => {
    const contest = home;
    const { entryId } = await makeEntry(db(), contest, creator);

    expect((await judge(brandJudge, entryId, score(8, 7, 6, 'Strong open'))).statusCode).toBe(200);
    expect((await judge(staff, entryId, score(6, 6, 6))).statusCode).toBe(200);
    const refused = await judge(otherBrand, entryId, score(1, 1, 1));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', detail: JUDGING_MESSAGES.judgesOnly });
    expect((await judge(creator, entryId, score(10, 10, 10))).statusCode).toBe(403);
    expect((await judge(undefined as unknown as TestUser, entryId, score(10, 10, 10))).statusCode).toBe(401);
    expect((await call('GET', `/api/contests/${contest.id}/scores/`, otherBrand)).statusCode).toBe(403);
    expect((await call('GET', `/api/contests/${contest.id}/scores/`, creator)).statusCode).toBe(403);
    expect((await judge(brandJudge, 999_999, score(5, 5, 5))).statusCode).toBe(404);

    // One mark per criterion, each 1–10, feedback bounded.
    const missing = { scores: [{ criterion: 'Story', score: 5 }], feedback: '' };
    expect((await judge(brandJudge, entryId, missing)).statusCode).toBe(400);
    expect((await judge(brandJudge, entryId, score(11, 5, 5))).statusCode).toBe(400);
    expect((await judge(brandJudge, entryId, score(0, 5, 5))).statusCode).toBe(400);
    expect((await judge(brandJudge, entryId, score(5, 5, 5, 'x'.repeat(2001)))).statusCode).toBe(400);

    // The first score moved the entry to 'scored'; every score is audited with before and after.
    expect(await entryStatus(db(), entryId)).toBe('scored');
    const changed = await judge(brandJudge, entryId, score(9, 7, 6, 'Even better on a second look'));
    expect(changed.json()).toMatchObject({ weighted_score: 7.8, feedback: 'Even better on a second look' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(entryId)));
    expect(audit.filter((a) => a.action === 'score.save')).toHaveLength(3);
    expect(audit.at(-1)).toMatchObject({
      actorId: brandJudge.id,
      before: expect.objectContaining({ feedback: 'Strong open' }),
    });
  });

  it('scores only during the judging window: before and after it is 409', async () => {
    for (const judging of ['before', 'after'] as const) {
      const contest = await makeJudgingContest(db(), { judging });
      const { entryId } = await makeEntry(db(), contest, await newCreator('Early'));
      const res = await judge(staff, entryId, score(5, 5, 5));
      expect(res.statusCode, judging).toBe(409);
      expect(res.json()).toMatchObject({ code: 'judging_closed', detail: JUDGING_MESSAGES.notJudging });
    }
  });

  it("a judge sees only their own scores before publication, on the entry's newest version", async () => {
    const contest = await makeJudgingContest(db());
    const judgeA = await brandOf(contest);
    const judgeB = await brandOf(contest);
    const { entryId, videoIds } = await makeEntry(db(), contest, await newCreator('Versions'), {
      versions: 2,
    });
    await judge(judgeA, entryId, score(9, 9, 9, 'Only for the entrant'));

    const sheetA = (await call('GET', `/api/contests/${contest.id}/scores/`, judgeA)).json<JudgingSheet>();
    const sheetB = (await call('GET', `/api/contests/${contest.id}/scores/`, judgeB)).json<JudgingSheet>();
    expect(sheetA.is_open).toBe(true);
    expect(sheetA.rubric.map((c) => c.name)).toEqual(['Story', 'Product', 'Craft']);
    expect(sheetA.entries).toEqual([
      expect.objectContaining({
        entry_id: entryId,
        version: 2,
        video: expect.objectContaining({ id: videoIds[1] }),
        my_score: expect.objectContaining({ weighted_score: 9, feedback: 'Only for the entrant' }),
      }),
    ]);
    expect(sheetB.entries[0]!.my_score).toBeNull();
    expect(JSON.stringify(sheetB)).not.toContain('Only for the entrant');
    // The ranking (everyone's scores) is staff's only.
    expect((await call('GET', `/api/contests/${contest.id}/ranking/`, judgeA)).statusCode).toBe(403);
  });

  it('ranks by weighted average with the number of judges and the spread; ties broken consistently', async () => {
    const contest = await makeJudgingContest(db());
    const judgeA = await brandOf(contest);
    const base = Date.now() - 3600_000;
    // Made in this order, but b was submitted before a: on a tie b comes first.
    const a = await makeEntry(db(), contest, await newCreator('Tie A'), {
      submittedAt: new Date(base + 2000),
    });
    const b = await makeEntry(db(), contest, await newCreator('Tie B'), {
      submittedAt: new Date(base + 1000),
    });
    const top = await makeEntry(db(), contest, await newCreator('Top'), {
      submittedAt: new Date(base + 3000),
    });
    const unscored = await makeEntry(db(), contest, await newCreator('None'), {
      submittedAt: new Date(base),
    });
    // a: judges 8.0 and 6.0 → 7.0; b: 7.0 by one judge; top: 10 and 8.6 → 9.3.
    await judge(judgeA, a.entryId, score(8, 8, 8));
    await judge(staff, a.entryId, score(6, 6, 6));
    await judge(staff, b.entryId, score(7, 7, 7));
    await judge(judgeA, top.entryId, score(10, 10, 10));
    await judge(staff, top.entryId, score(10, 8, 6));

    const first = (await call('GET', `/api/contests/${contest.id}/ranking/`, staff)).json<Ranking>();
    expect(first).toMatchObject({ count: 4, next: null, previous: null, prize_cents: 500_000 });
    // Equal averages: more judges first (a: 2 judges, b: 1).
    expect(first.entries.map((e) => e.entry_id)).toEqual([
      top.entryId,
      a.entryId,
      b.entryId,
      unscored.entryId,
    ]);
    expect(first.entries[0]).toMatchObject({
      rank: 1,
      weighted_average: 9.3,
      judges: 2,
      spread: 1.4,
      tied: false,
    });
    expect(first.entries[0]!.criteria).toEqual([
      { criterion: 'Story', average: 10 },
      { criterion: 'Product', average: 9 },
      { criterion: 'Craft', average: 8 },
    ]);
    expect(first.entries[1]).toMatchObject({ weighted_average: 7, judges: 2, spread: 2, tied: true });
    expect(first.entries[2]).toMatchObject({ weighted_average: 7, judges: 1, spread: 0, tied: true });
    expect(first.entries[3]).toMatchObject({ weighted_average: null, judges: 0 });

    // Same average and same number of judges: the earlier submission first, every time.
    await judge(judgeA, b.entryId, score(7, 7, 7));
    for (let i = 0; i < 3; i++) {
      const again = (await call('GET', `/api/contests/${contest.id}/ranking/`, staff)).json<Ranking>();
      expect(again.entries.map((e) => e.entry_id)).toEqual([
        top.entryId,
        b.entryId,
        a.entryId,
        unscored.entryId,
      ]);
    }
  });

  it('pages the ranking by 25 with absolute ranks; ties are seen across a page boundary', async () => {
    const contest = await makeJudgingContest(db());
    const judgeA = await brandOf(contest);
    const base = Date.now() - 3600_000;
    const made: number[] = [];
    for (let i = 0; i < 30; i++) {
      const entrant = await newCreator(`Paged ${i}`);
      made.push(
        (await makeEntry(db(), contest, entrant, { submittedAt: new Date(base + i * 1000) })).entryId,
      );
    }
    // Entries 0–25 by two judges in pairs of equal averages (0 and 1, 2 and 3, … 24 and 25), each
    // pair lower than the one before; 26 by one judge, lower still; 27–29 unscored. Within a pair
    // the earlier submission (the lower index) comes first: the ranking is the order they were made.
    const marks = (mark: number) =>
      ['Story', 'Product', 'Craft'].map((criterion) => ({ criterion, score: mark }));
    const rows: Array<typeof entryScores.$inferInsert> = [];
    made.forEach((entryId, i) => {
      const sum = 20 - Math.floor(i / 2);
      const given = i < 26 ? [Math.ceil(sum / 2), Math.floor(sum / 2)] : i === 26 ? [3] : [];
      given.forEach((mark, j) =>
        rows.push({
          entryId,
          version: 1,
          judgeId: j === 0 ? staff.id : judgeA.id,
          scores: marks(mark),
          weightedTotal: mark * 100,
        }),
      );
    });
    await db().insert(entryScores).values(rows);

    const url = `/api/contests/${contest.id}/ranking/`;
    const page1 = (await call('GET', url, staff)).json<Ranking>();
    expect(page1).toMatchObject({ contest_id: contest.id, count: 30, previous: null });
    expect(page1.next).toMatch(new RegExp(`/api/contests/${contest.id}/ranking/\\?page=2$`));
    expect(page1.entries.map((e) => e.entry_id)).toEqual(made.slice(0, 25));
    expect(page1.entries.map((e) => e.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(page1.entries.every((e) => e.tied)).toBe(true);
    // Rank 25 (entry 24) is tied only with rank 26, on the next page.
    expect(page1.entries[24]).toMatchObject({ rank: 25, weighted_average: 4, judges: 2, tied: true });
    expect(page1.entries[0]).toMatchObject({ weighted_average: 10, spread: 0 });
    expect(page1.entries[2]!.criteria).toEqual([
      { criterion: 'Story', average: 9.5 },
      { criterion: 'Product', average: 9.5 },
      { criterion: 'Craft', average: 9.5 },
    ]);

    const page2 = (await call('GET', `${url}?page=2`, staff)).json<Ranking>();
    expect(page2).toMatchObject({ count: 30, next: null, rubric: page1.rubric });
    expect(page2.previous).toMatch(/\?page=1$/);
    expect(page2.entries.map((e) => e.entry_id)).toEqual(made.slice(25));
    expect(page2.entries.map((e) => [e.rank, e.tied, e.judges, e.weighted_average])).toEqual([
      [26, true, 2, 4],
      [27, false, 1, 3],
      [28, false, 0, null],
      [29, false, 0, null],
      [30, false, 0, null],
    ]);

    // The same order as the domain's rule (the one the scorecards use) on the same scores.
    const byRule = made
      .map((entryId, i) => {
        const own = rows.filter((r) => r.entryId === entryId);
        return {
          entryId,
          totalSum: own.reduce((sum, r) => sum + r.weightedTotal, 0),
          judges: own.length,
          submittedAt: new Date(base + i * 1000 + 1).toISOString(),
        };
      })
      .sort(compareRanked);
    expect([...page1.entries, ...page2.entries].map((e) => e.entry_id)).toEqual(byRule.map((r) => r.entryId));

    // Past the end: an empty page that leads back; a page that is not a number ≥ 1 is refused.
    const page3 = (await call('GET', `${url}?page=3`, staff)).json<Ranking>();
    expect(page3).toMatchObject({ count: 30, next: null, entries: [] });
    expect(page3.previous).toMatch(/\?page=2$/);
    for (const bad of ['0', '-1', 'two', '1.5', '100001'])
      expect((await call('GET', `${url}?page=${bad}`, staff)).statusCode, bad).toBe(400);
    expect((await call('GET', `${url}?page=2`, judgeA)).statusCode).toBe(403);
  });

  it('publishing: 201 once, pending earnings on the ledger, every entrant e-mailed and given a scorecard', async () => {
    const contest = await makeJudgingContest(db(), { title: 'Zen Chair Films' });
    const judgeA = await brandOf(contest);
    const winner = await newCreator('Winner');
    const runnerUp = await newCreator('Runner');
    const entrant = await newCreator('Entrant');
    const w = await makeEntry(db(), contest, winner, { title: 'Winning film' });
    const r = await makeEntry(db(), contest, runnerUp);
    const e = await makeEntry(db(), contest, entrant);
    await judge(judgeA, w.entryId, score(10, 9, 9, 'Beautiful light.'));
    await judge(staff, w.entryId, score(9, 9, 8, 'The chair is the hero.'));
    await judge(judgeA, r.entryId, score(8, 8, 8));
    await judge(judgeA, e.entryId, score(5, 6, 7, 'Work on the story arc.'));
    await judge(staff, e.entryId, score(4, 4, 4, 'Sound was hard to hear.'));

    // Before publication: no scorecard, public results say nothing.
    expect((await call('GET', `/api/entries/${e.entryId}/scorecard/`, entrant)).json()).toMatchObject({
      code: 'results_not_published',
    });
    const before = (await call('GET', `/api/contests/${contest.id}/results/`)).json<ContestResults>();
    expect(before).toMatchObject({ published_at: null, winners: [] });

    const url = `/api/contests/${contest.id}/results/`;
    const body = {
      places: [
        { entry_id: w.entryId, place: 1, prize_cents: 500_000 },
        { entry_id: r.entryId, place: 2, prize_cents: 100_000 },
      ],
    };
    expect((await call('POST', url, judgeA, body)).statusCode).toBe(403);
    expect((await call('POST', url, creator, body)).statusCode).toBe(403);
    const other = await makeJudgingContest(db());
    const stranger = await makeEntry(db(), other, await newCreator('Stranger'));
    const wrong = await call('POST', url, staff, {
      places: [{ entry_id: stranger.entryId, place: 1, prize_cents: 1 }],
    });
    expect(wrong.statusCode).toBe(400);
    const duplicate = await call('POST', url, staff, {
      places: [
        { entry_id: w.entryId, place: 1, prize_cents: 1 },
        { entry_id: r.entryId, place: 1, prize_cents: 1 },
      ],
    });
    expect(duplicate.statusCode).toBe(400);

    const outboxBefore = ctx.outbox().length;
    const published = await call('POST', url, staff, body);
    expect(published.statusCode).toBe(201);
    expect(published.json<ContestResults>()).toMatchObject({
      entries_count: 3,
      winners: [
        expect.objectContaining({
          place: 1,
          prize_cents: 500_000,
          currency: 'USD',
          entry_id: w.entryId,
          creator_name: 'Winner Test',
        }),
        expect.objectContaining({ place: 2, prize_cents: 100_000, entry_id: r.entryId }),
      ],
    });
    const again = await call('POST', url, staff, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'results_published' });
    // Public now, for anyone.
    const pub = (await call('GET', url)).json<ContestResults>();
    expect(pub.winners[0]!.video.title).toBe('Winning film v1');
    // Playable from its renditions; the original file is never linked from a public answer.
    expect(JSON.stringify(pub)).not.toContain('original');
    // Judging is closed once published.
    expect((await judge(staff, e.entryId, score(10, 10, 10))).json()).toMatchObject({
      code: 'judging_closed',
    });

    // Every entry reached 'result' with a timeline row; one pending earning per prize.
    for (const id of [w.entryId, r.entryId, e.entryId]) {
      expect(await entryStatus(db(), id)).toBe('result');
      const events = await db().select().from(entryEvents).where(eq(entryEvents.entryId, id));
      expect(events.map((x) => x.step)).toContain('result');
    }
    const prizes = await db().select().from(ledgerEntries).where(eq(ledgerEntries.contestId, contest.id));
    expect(prizes.map((p) => [p.kind, p.userId, p.amountCents, p.currency])).toEqual([
      ['prize_awarded', winner.id, 500_000, 'USD'],
      ['prize_awarded', runnerUp.id, 100_000, 'USD'],
    ]);

    // An e-mail to each entrant (not only the winners), with a link to their own scorecard.
    for (const [user, entry] of [
      [winner, w],
      [runnerUp, r],
      [entrant, e],
    ] as const) {
      const mail = await ctx.waitForEmail(user.email, { after: outboxBefore });
      expect(mail.replace(/=\r?\n/g, '')).toContain(`/entries/${entry.entryId}/scorecard`);
    }

    // The entrant's scorecard: averages per criterion, band, feedback by "Judge n".
    expect((await call('GET', `/api/entries/${e.entryId}/scorecard/`, winner)).statusCode).toBe(403);
    expect((await call('GET', `/api/entries/${e.entryId}/scorecard/`)).statusCode).toBe(401);
    const card = (await call('GET', `/api/entries/${e.entryId}/scorecard/`, entrant)).json<Scorecard>();
    const [firstJudge, secondJudge] = [staff, judgeA].sort((x, y) => x.id - y.id);
    expect(card).toMatchObject({
      rank: 3,
      entries_count: 3,
      place: null,
      prize_cents: null,
      judges: 2,
      weighted_average: 4.85,
      criteria: [
        { criterion: 'Story', weight: 50, average: 4.5 },
        { criterion: 'Product', weight: 30, average: 5 },
        { criterion: 'Craft', weight: 20, average: 5.5 },
      ],
    });
    expect(card.feedback).toEqual(
      [
        { id: judgeA.id, text: 'Work on the story arc.' },
        { id: staff.id, text: 'Sound was hard to hear.' },
      ]
        .sort((x, y) => x.id - y.id)
        .map((f) => ({ judge: `Judge ${f.id === firstJudge!.id ? 1 : 2}`, feedback: f.text })),
    );
    expect(secondJudge).toBeDefined();
    expect(JSON.stringify(card)).not.toMatch(new RegExp(`${judgeA.email}|${staff.email}`));
    const winnerCard = (await call('GET', `/api/entries/${w.entryId}/scorecard/`, winner)).json<Scorecard>();
    expect(winnerCard).toMatchObject({
      rank: 1,
      place: 1,
      prize_cents: 500_000,
      currency: 'USD',
      rank_band: 'winner',
    });

    // The winner's film carries a trophy; the dashboard counts the contest won.
    const video = (await call('GET', `/api/videos/videos/${w.videoIds[0]}/`, winner)).json();
    expect(video.award).toEqual({ place: 1, contest_id: contest.id, contest_title: 'Zen Chair Films' });
    // In a list of the winner's films (one lookup for the page), only the winning one has it.
    const another = await makeEntry(db(), await makeJudgingContest(db()), winner, { title: 'Another film' });
    const mine = (await call('GET', '/api/videos/videos/?mine=true', winner)).json();
    const awards = new Map(mine.results.map((v: { id: number; award: unknown }) => [v.id, v.award]));
    expect(awards.get(w.videoIds[0])).toEqual(video.award);
    expect(awards.get(another.videoIds[0])).toBeNull();
    const stats = (await call('GET', '/api/accounts/creators/stats/', winner)).json();
    expect(stats.contests_won).toBe(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'results.publish'));
    expect(audit.map((a) => a.targetId)).toContain(String(contest.id));
    const winners = (await call('GET', '/api/results/winners/')).json();
    expect(winners.results.map((x: { entry_id: number }) => x.entry_id)).toContain(w.entryId);
  });

  async function publishedPrize(cents: number) {
    const contest = await makeJudgingContest(db());
    const user = await newCreator('Paid');
    const { entryId } = await makeEntry(db(), contest, user);
    await call('POST', `/api/contests/${contest.id}/results/`, staff, {
      places: [{ entry_id: entryId, place: 1, prize_cents: cents }],
    });
    const [earning] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.entryId, entryId));
    // A prize is paid once the winner's paperwork is complete (issue 31; paperwork.test.ts).
    await completePaperwork(ctx.app, { entryId, winner: user, staff });
    return { user, entryId, earningId: earning!.id, contest };
  }

  it('award, pay, totals from the ledger; paying twice is refused', async () => {
    const { user, entryId, earningId } = await publishedPrize(250_050);
    const earnings = () => call('GET', '/api/accounts/creators/earnings/', user).then((r) => r.json());
    expect(await earnings()).toEqual({
      total_earnings: '2500.50',
      recent_earnings: '2500.50',
      pending_payments: '2500.50',
      currency: 'USD',
    });
    const pending = (await call('GET', '/api/payouts/?status=pending', staff)).json<PayoutList>();
    expect(pending.earnings.find((x) => x.earning_id === earningId)).toMatchObject({
      status: 'pending',
      amount_cents: 250_050,
      currency: 'USD',
      user_id: user.id,
    });
    expect(pending.per_creator.find((x) => x.user_id === user.id)).toMatchObject({ amount_cents: 250_050 });

    const payout = { earning_id: earningId, method: 'bank_transfer', reference: 'SEPA-2026-11-23' };
    for (const other of [creator, brandJudge])
      expect((await call('POST', '/api/payouts/', other, payout)).statusCode).toBe(403);
    expect((await call('POST', '/api/payouts/', undefined, payout)).statusCode).toBe(401);
    expect((await call('POST', '/api/payouts/', staff, { ...payout, method: 'cash' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/payouts/', staff, { ...payout, earning_id: 9_999_999 })).statusCode,
    ).toBe(404);
    const paid = await call('POST', '/api/payouts/', staff, payout);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      kind: 'payout_recorded',
      amount_cents: 250_050,
      earning_id: earningId,
    });
    const twice = await call('POST', '/api/payouts/', staff, payout);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_paid', detail: PAYOUT_MESSAGES.alreadyPaid });

    expect(await earnings()).toMatchObject({ total_earnings: '2500.50', pending_payments: '0.00' });
    expect(await entryStatus(db(), entryId)).toBe('paid');
    const paidList = (await call('GET', '/api/payouts/?status=paid', staff)).json<PayoutList>();
    expect(paidList.earnings.find((x) => x.earning_id === earningId)).toMatchObject({
      status: 'paid',
      method: 'bank_transfer',
      reference: 'SEPA-2026-11-23',
    });
    // A correction is a new row: the total changes, nothing is edited.
    const corrected = await call('POST', '/api/payouts/corrections/', staff, {
      earning_id: earningId,
      amount_cents: -50,
      reason: 'Bank fee refunded by the creator',
    });
    expect(corrected.statusCode).toBe(201);
    expect(await earnings()).toMatchObject({ total_earnings: '2500.00', pending_payments: '-0.50' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(earningId)));
    expect(audit.map((a) => a.action)).toEqual(['payout.record', 'ledger.correct']);
  });

  it('the public results of a draft contest do not exist (its title is not shown to anyone)', async () => {
    const contest = await makeJudgingContest(db(), { title: 'Secret draft launch' });
    await db().execute(sql`update contests set publication_status = 'draft' where id = ${contest.id}`);
    for (const user of [undefined, creator, otherBrand]) {
      const res = await call('GET', `/api/contests/${contest.id}/results/`, user);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret draft launch');
    }
  });

  it('two payouts of one earning at once: exactly one 201', async () => {
    for (let round = 0; round < 3; round++) {
      const { earningId } = await publishedPrize(10_000);
      const results = await Promise.all(
        (['payment_service', 'bank_transfer'] as const).map((method) =>
          call('POST', '/api/payouts/', staff, { earning_id: earningId, method, reference: `race ${round}` }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.earningId, earningId));
      expect(rows).toHaveLength(1);
    }
  });

  it('a correction of published results replaces the places and adjusts the ledger by new rows, audited', async () => {
    const contest = await makeJudgingContest(db());
    const first = await newCreator('First');
    const second = await newCreator('Second');
    const a = await makeEntry(db(), contest, first);
    const b = await makeEntry(db(), contest, second);
    const url = `/api/contests/${contest.id}/results/`;
    await call('POST', url, staff, {
      places: [
        { entry_id: a.entryId, place: 1, prize_cents: 500_000 },
        { entry_id: b.entryId, place: 2, prize_cents: 100_000 },
      ],
    });
    const swap = {
      places: [
        { entry_id: b.entryId, place: 1, prize_cents: 500_000 },
        { entry_id: a.entryId, place: 2, prize_cents: 100_000 },
      ],
      reason: 'Scores of judge 2 were entered for the wrong films.',
    };
    expect((await call('POST', `${url}corrections/`, brandJudge, swap)).statusCode).toBe(403);
    expect((await call('POST', `${url}corrections/`, staff, { ...swap, reason: '' })).statusCode).toBe(400);
    const res = await call('POST', `${url}corrections/`, staff, swap);
    expect(res.statusCode).toBe(201);
    expect(res.json<ContestResults>().winners.map((w) => [w.place, w.entry_id])).toEqual([
      [1, b.entryId],
      [2, a.entryId],
    ]);
    const earned = async (user: TestUser) =>
      (await call('GET', '/api/accounts/creators/earnings/', user)).json().total_earnings;
    expect(await earned(first)).toBe('1000.00');
    expect(await earned(second)).toBe('5000.00');
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.contestId, contest.id));
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['prize_awarded', 500_000],
      ['prize_awarded', 100_000],
      ['correction', -400_000],
      ['correction', 400_000],
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'results.correct'));
    expect(audit.map((x) => x.targetId)).toContain(String(contest.id));
  });

  it('ledger rows cannot be updated, deleted or truncated', async () => {
    const { earningId } = await publishedPrize(1_000);
    for (const statement of [
      sql`update ledger_entries set amount_cents = 1 where id = ${earningId}`,
      sql`delete from ledger_entries where id = ${earningId}`,
      sql`truncate ledger_entries`,
    ])
      await expect(db().execute(statement)).rejects.toThrow();
    const [row] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.id, earningId));
    expect(row!.amountCents).toBe(1_000);
  });

  it('exports payouts as formula-safe CSV, for staff only', async () => {
    const contest = await makeJudgingContest(db());
    const sneaky = await createUser(ctx, {
      role: 'creator',
      firstName: '=HYPERLINK("http://x")',
      lastName: '',
    });
    const { entryId } = await makeEntry(db(), contest, sneaky);
    await call('POST', `/api/contests/${contest.id}/results/`, staff, {
      places: [{ entry_id: entryId, place: 1, prize_cents: 700 }],
    });
    expect((await call('GET', '/api/payouts/export/?status=pending', creator)).statusCode).toBe(403);
    const res = await call('GET', '/api/payouts/export/?status=pending', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.split('\r\n')[0]).toMatch(/^earning_id,creator,email/);
    const line = res.body.split('\r\n').find((l) => l.includes(sneaky.email))!;
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
