import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ADVANCE_MESSAGES,
  JUDGING_MESSAGES,
  ROUND_ENTRY_MESSAGES,
  ROUND_MESSAGES,
  type AdvanceResponse,
  type ContestResponse,
  type CreatorContests,
  type Entry,
  type Ranking,
  type RoundBody,
  type RoundResponse,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { contestBody } from '../../../test/contest-ops';
import { auditLog, contests, ledgerEntries, videos } from '../../db/schema/index';
import { seedIfEmpty } from '../../db/seed/index';

const MIN = 60 * 1000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const DAYS = 24 * 60;
const IDEA_RUBRIC = [{ name: 'Idea', weight: 100 }];

/** Ideas → pitches → films; `ideas` and `pitches` move the first two rounds' windows. */
function rounds(
  ids: number[],
  ideas: { opens: number; closes: number; judged: number },
  pitches: { opens: number; wildcards?: boolean },
): RoundBody[] {
  return [
    {
      ...(ids[0] ? { id: ids[0] } : {}),
      kind: 'idea',
      title: 'Ideas',
      opens_at: at(ideas.opens),
      closes_at: at(ideas.closes),
      judging_ends_at: at(ideas.judged),
      entry_policy: 'open',
      advance_count: 2,
      stipend_cents: 10_000,
      rubric: IDEA_RUBRIC,
    },
    {
      ...(ids[1] ? { id: ids[1] } : {}),
      kind: 'pitch',
      title: 'Pitches',
      opens_at: at(pitches.opens),
      closes_at: at(pitches.opens + 2 * DAYS),
      judging_ends_at: at(pitches.opens + 3 * DAYS),
      entry_policy: 'advanced',
      allow_wildcards: pitches.wildcards ?? false,
      advance_count: 1,
      stipend_cents: 50_000,
      rubric: [{ name: 'Pitch', weight: 100 }],
    },
    {
      ...(ids[2] ? { id: ids[2] } : {}),
      kind: 'film',
      title: 'Films',
      opens_at: at(20 * DAYS),
      closes_at: at(40 * DAYS),
      judging_ends_at: at(45 * DAYS),
      entry_policy: 'advanced',
      rubric: [{ name: 'Story', weight: 100 }],
    },
  ];
}

describe('contests in rounds: entries, round rankings, advancing (issue 47)', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let owner: TestUser;
  let reviewer: TestUser;
  let creators: TestUser[];
  let contest: ContestResponse;
  let ids: number[];
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload ? { payload: payload as object } : {}),
    });
  const putRounds = (body: RoundBody[]) =>
    call('PUT', `/api/contests/${contest.id}/rounds/`, staff, { rounds: body });
  const enter = (roundId: number, user: TestUser, body: object) =>
    call('POST', `/api/rounds/${roundId}/entries/`, user, body);
  const ideaEntries: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    staff = await createUser(ctx, { role: 'staff' });
    owner = await createUser(ctx, { role: 'brand', brandId: 1 });
    reviewer = await createUser(ctx, { role: 'brand', brandId: 1, brandRole: 'reviewer' });
    creators = await Promise.all([0, 1, 2, 3].map(() => createUser(ctx, { role: 'creator' })));
    const res = await call('POST', '/api/contests/', staff, contestBody(1));
    expect(res.statusCode).toBe(201);
    contest = res.json<ContestResponse>();
    const saved = await putRounds(rounds([], { opens: -60, closes: 60, judged: 120 }, { opens: 180 }));
    expect(saved.statusCode).toBe(200);
    ids = saved.json<RoundResponse[]>().map((r) => r.id);
  });
  afterAll(() => ctx?.close());

  it('an idea round takes {title, text} from any verified creator; one entry per creator per round', async () => {
    const [ideas] = ids;
    expect((await enter(ideas!, creators[0]!, { title: 'Lamp', video_id: 1 })).json()).toMatchObject({
      code: 'validation',
      text: [ROUND_ENTRY_MESSAGES.textRequired],
      video_id: [ROUND_ENTRY_MESSAGES.ideaHasNoVideo],
    });
    expect((await enter(ideas!, creators[0]!, { title: 'x', text: 'y'.repeat(2001) })).statusCode).toBe(400);
    expect((await enter(ideas!, staff, { title: 'Lamp', text: 'A lamp.' })).statusCode).toBe(403);
    for (const [i, creator] of creators.slice(0, 3).entries()) {
      const res = await enter(ideas!, creator, { title: `Idea ${i}`, text: `The desk at night, take ${i}.` });
      expect(res.statusCode).toBe(201);
      const entry = res.json<Entry>();
      expect(entry).toMatchObject({
        round_id: ideas,
        wildcard: false,
        video: null,
        title: `Idea ${i}`,
        text: `The desk at night, take ${i}.`,
        status: 'in_review',
      });
      ideaEntries.push(entry.id);
    }
    const again = await enter(ideas!, creators[0]!, { title: 'Idea 0, better', text: 'Sharper.' });
    expect(again.statusCode).toBe(201);
    expect(again.json<Entry>()).toMatchObject({ id: ideaEntries[0], version: 2, title: 'Idea 0, better' });
  });

  it('409 round_closed outside the window; the contest route enters only an open film round', async () => {
    const pitch = await enter(ids[1]!, creators[0]!, { title: 'Pitch', video_id: 1 });
    expect(pitch.statusCode).toBe(409);
    expect(pitch.json()).toMatchObject({ code: 'round_closed' });
    const legacy = await call('POST', `/api/contests/${contest.id}/entries/`, creators[0], { video_id: 1 });
    expect(legacy.statusCode).toBe(409);
    expect(legacy.json()).toMatchObject({
      code: 'round_closed',
      detail: ROUND_ENTRY_MESSAGES.noOpenFilmRound,
    });
  });

  it('advancing waits for the round to close (409); the round ranking uses its rubric and scores', async () => {
    const early = await call('POST', `/api/rounds/${ids[0]}/advance/`, staff, {
      entry_ids: [ideaEntries[0]],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'round_not_closed', detail: ADVANCE_MESSAGES.roundNotClosed });
    // The idea round closed a minute ago and is being judged; pitches open later.
    expect(
      (await putRounds(rounds(ids, { opens: -600, closes: -1, judged: 60 }, { opens: 120 }))).statusCode,
    ).toBe(200);
    const wrong = await call('PUT', `/api/entries/${ideaEntries[0]}/scores/`, staff, {
      scores: contest.rubric.map((c) => ({ criterion: c.name, score: 5 })),
      feedback: '',
    });
    expect(wrong.statusCode).toBe(400);
    for (const [i, entryId] of ideaEntries.entries()) {
      const res = await call('PUT', `/api/entries/${entryId}/scores/`, staff, {
        scores: [{ criterion: 'Idea', score: 9 - i * 3 }],
        feedback: 'Thanks.',
      });
      expect(res.statusCode).toBe(200);
    }
    // Before the final round, the brand's owners and managers read it too (they advance from it);
    // its reviewers do not, and the final round's ranking stays staff's until the results.
    expect((await call('GET', `/api/rounds/${ids[0]}/ranking/`, reviewer)).statusCode).toBe(403);
    const last = await call('GET', `/api/rounds/${ids.at(-1)}/ranking/`, owner);
    expect(last.statusCode).toBe(403);
    expect(last.json()).toMatchObject({ detail: JUDGING_MESSAGES.roundRankingReaders });
    const byOwner = await call('GET', `/api/rounds/${ids[0]}/ranking/`, owner);
    expect(byOwner.statusCode).toBe(200);
    const ranking = (await call('GET', `/api/rounds/${ids[0]}/ranking/`, staff)).json<Ranking>();
    expect(byOwner.json<Ranking>()).toEqual(ranking);
    expect(ranking).toMatchObject({ round_id: ids[0], rubric: IDEA_RUBRIC, count: 3 });
    expect(ranking.entries.map((e) => [e.entry_id, e.weighted_average, e.video, e.advanced])).toEqual([
      [ideaEntries[0], 9, null, false],
      [ideaEntries[1], 6, null, false],
      [ideaEntries[2], 3, null, false],
    ]);
    expect(ranking.entries[0]).toMatchObject({ title: 'Idea 0, better', text: 'Sharper.' });
    // The contest's ranking is its final round's: nobody entered films yet.
    expect((await call('GET', `/api/contests/${contest.id}/ranking/`, staff)).json<Ranking>().count).toBe(0);
  });

  it('advances chosen entries: stipends on the ledger, the creators told, audited; twice is 409', async () => {
    const url = `/api/rounds/${ids[0]}/advance/`;
    expect((await call('POST', url, reviewer, { entry_ids: [ideaEntries[0]] })).statusCode).toBe(403);
    expect((await call('POST', url, creators[0], { entry_ids: [ideaEntries[0]] })).statusCode).toBe(403);
    const foreign = await call('POST', url, staff, { entry_ids: [ideaEntries[0], 999_999] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ entry_ids: [ADVANCE_MESSAGES.entryNotInRound] });
    const res = await call('POST', url, owner, { entry_ids: [ideaEntries[0], ideaEntries[1]] });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdvanceResponse>();
    expect(body.advanced).toEqual([
      { entry_id: ideaEntries[0], creator_id: creators[0]!.id },
      { entry_id: ideaEntries[1], creator_id: creators[1]!.id },
    ]);
    expect(body.stipends.map((s) => s.amount_cents)).toEqual([10_000, 10_000]);
    const db = ctx.deps.database.db;
    const [earning] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, body.stipends[0]!.earning_id));
    expect(earning).toMatchObject({
      kind: 'stipend',
      userId: creators[0]!.id,
      amountCents: 10_000,
      contestId: contest.id,
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'round.advance'));
    expect(audits.some((a) => a.targetId === String(ids[0]))).toBe(true);
    const mail = await ctx.waitForEmail(creators[0]!.email, { containing: 'advanced' });
    expect(mail).toContain('Pitches');
    const twice = await call('POST', url, staff, { entry_ids: [ideaEntries[1]] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_advanced' });
    const last = await call('POST', `/api/rounds/${ids[2]}/advance/`, staff, { entry_ids: [ideaEntries[0]] });
    expect(last.json()).toMatchObject({ code: 'no_next_round' });
    const ranking = (await call('GET', `/api/rounds/${ids[0]}/ranking/`, staff)).json<Ranking>();
    expect(ranking.entries.map((e) => e.advanced)).toEqual([true, true, false]);
  });

  it('the next round takes advanced creators (403 not_advanced), wildcards where allowed; My Contests shows the round', async () => {
    // Ideas judged; pitches open now.
    expect(
      (await putRounds(rounds(ids, { opens: -600, closes: -120, judged: -60 }, { opens: -1 }))).statusCode,
    ).toBe(200);
    const clip = async (user: TestUser, seconds: number) => {
      const video = await createVideoRow(ctx, user);
      await ctx.deps.database.db
        .update(videos)
        .set({ durationSeconds: seconds, width: 1920, height: 1080 })
        .where(eq(videos.id, video.id));
      return video.id;
    };
    const long = await enter(ids[1]!, creators[0]!, {
      title: 'Pitch',
      video_id: await clip(creators[0]!, 120),
    });
    expect(long.json()).toMatchObject({ video_id: [ROUND_ENTRY_MESSAGES.pitchTooLong] });
    const pitch = await enter(ids[1]!, creators[0]!, {
      title: 'Pitch',
      video_id: await clip(creators[0]!, 60),
    });
    expect(pitch.statusCode).toBe(201);
    expect(pitch.json<Entry>()).toMatchObject({ round_id: ids[1], wildcard: false, title: 'Pitch' });
    const refused = await enter(ids[1]!, creators[2]!, {
      title: 'Mine',
      video_id: await clip(creators[2]!, 30),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'not_advanced', detail: ROUND_ENTRY_MESSAGES.notAdvanced });
    expect(
      (
        await putRounds(
          rounds(ids, { opens: -600, closes: -120, judged: -60 }, { opens: -1, wildcards: true }),
        )
      ).statusCode,
    ).toBe(200);
    const wildcard = await enter(ids[1]!, creators[2]!, {
      title: 'Mine',
      video_id: await clip(creators[2]!, 30),
    });
    expect(wildcard.statusCode).toBe(201);
    expect(wildcard.json<Entry>()).toMatchObject({ wildcard: true });

    const dashboard = async (user: TestUser) =>
      (await call('GET', '/api/accounts/creator/dashboard/', user)).json<CreatorContests>();
    const mine = (await dashboard(creators[0]!)).running.find((c) => c.id === contest.id);
    expect(mine).toMatchObject({
      round: { id: ids[1], kind: 'pitch', title: 'Pitches', position: 2 },
      advanced: true,
    });
    const theirs = Object.values(await dashboard(creators[2]!))
      .flat()
      .find((c) => c.id === contest.id);
    expect(theirs).toMatchObject({ round: { id: ids[1] }, advanced: false });
  });

  it('results take only final-round entries (400); a round with entries is not dropped (409)', async () => {
    // Judging of the contest started (written straight: its film round is weeks away).
    await ctx.deps.database.db
      .update(contests)
      .set({ judgingStartsAt: new Date(Date.now() - MIN) })
      .where(eq(contests.id, contest.id));
    const results = await call('POST', `/api/contests/${contest.id}/results/`, staff, {
      places: [{ entry_id: ideaEntries[0], place: 1, prize_cents: 100 }],
    });
    expect(results.statusCode).toBe(400);
    expect(results.json()).toMatchObject({ places: [ADVANCE_MESSAGES.notFinalRound] });
    const [, pitches, films] = rounds(ids, { opens: -600, closes: -120, judged: -60 }, { opens: -1 });
    const dropped = await putRounds([{ ...pitches!, entry_policy: 'open' }, films!]);
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json()).toMatchObject({ code: 'round_has_entries', detail: ROUND_MESSAGES.hasEntries });
  });
});
