import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUND_MESSAGES, type ContestResponse, type RoundBody, type RoundResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { contestBody } from '../../../test/contest-ops';
import { seedIfEmpty } from '../../db/seed/index';
import { makeEntry, makeJudgingContest } from '../judging/test-support';
import { createContestsService } from './contests.service';

const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * Ideas (open now, 10 days, judged 2 more) → pitches → the film round, which closes after the
 * contest's application deadline (contestBody: day 10).
 */
function threeRounds(film: Partial<RoundBody> = {}): RoundBody[] {
  return [
    {
      kind: 'idea',
      title: 'Ideas',
      brief: 'One paragraph: what happens at the desk after dark?',
      opens_at: at(-1),
      closes_at: at(5),
      judging_ends_at: at(7),
      entry_policy: 'open',
      advance_count: 10,
      stipend_cents: 10_000,
    },
    {
      kind: 'pitch',
      title: 'Pitches',
      opens_at: at(8),
      closes_at: at(14),
      judging_ends_at: at(16),
      entry_policy: 'advanced',
      allow_wildcards: true,
      advance_count: 3,
      stipend_cents: 50_000,
      rubric: [{ name: 'Concept', weight: 100 }],
    },
    {
      kind: 'film',
      title: 'Films',
      opens_at: at(17),
      closes_at: at(40),
      judging_ends_at: at(45),
      entry_policy: 'advanced',
      allow_wildcards: true,
      rubric: [
        { name: 'Story', weight: 70 },
        { name: 'Craft', weight: 30 },
      ],
      ...film,
    },
  ];
}

describe("a contest's rounds (issue 47)", () => {
  let ctx: TestContext;
  let staff: TestUser;
  let creator: TestUser;
  let owner: TestUser; // brand 1's owner
  let reviewer: TestUser; // brand 1's reviewer
  let other: TestUser; // another brand's owner
  const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, user?: TestUser, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload ? { payload: payload as object } : {}),
    });
  const rounds = async (contestId: number, user?: TestUser) => {
    const res = await call('GET', `/api/contests/${contestId}/rounds/`, user);
    expect(res.statusCode).toBe(200);
    return res.json<RoundResponse[]>();
  };
  const put = (contestId: number, body: RoundBody[], user: TestUser = staff) =>
    call('PUT', `/api/contests/${contestId}/rounds/`, user, { rounds: body });
  const newContest = async (user: TestUser = staff, overrides = {}) => {
    const res = await call('POST', '/api/contests/', user, contestBody(1, overrides));
    expect(res.statusCode).toBe(201);
    return res.json<ContestResponse>();
  };
  const contestOf = async (id: number) =>
    (await call('GET', `/api/contests/${id}/`, staff)).json<ContestResponse>();

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    const otherBrandId = (
      await createContestsService(ctx.deps).createBrand({
        name: 'Other',
        slug: 'other-rounds',
        description: '',
        logo_url: '',
        website: '',
      })
    ).id;
    staff = await createUser(ctx, { role: 'staff' });
    creator = await createUser(ctx, { role: 'creator' });
    owner = await createUser(ctx, { role: 'brand', brandId: 1 });
    reviewer = await createUser(ctx, { role: 'brand', brandId: 1, brandRole: 'reviewer' });
    other = await createUser(ctx, { role: 'brand', brandId: otherBrandId });
  });
  afterAll(() => ctx.close());

  it('the seeded chair contest is one film round on its own timeline, with its rubric', async () => {
    const chair = await contestOf(1);
    const [round, ...more] = await rounds(1);
    expect(more).toEqual([]);
    expect(round).toMatchObject({
      position: 1,
      kind: 'film',
      title: 'Film',
      brief: '',
      opens_at: chair.starts_at,
      closes_at: chair.submission_deadline,
      judging_ends_at: chair.judging_ends_at,
      entry_policy: 'selected',
      allow_wildcards: false,
      advance_count: 0,
      stipend_cents: 0,
      currency: 'USD',
      rubric: chair.rubric,
      status: 'open',
    });
  });

  it('a contest created without rounds lists one film round; a contest written outside the API gets it on first read', async () => {
    const contest = await newContest();
    expect(await rounds(contest.id)).toEqual([
      expect.objectContaining({
        kind: 'film',
        opens_at: contest.starts_at,
        closes_at: contest.submission_deadline,
        judging_ends_at: contest.judging_ends_at,
        rubric: contest.rubric,
        status: 'open',
      }),
    ]);
    const judged = await makeJudgingContest(ctx.deps.database.db);
    const [first] = await rounds(judged.id);
    expect(first).toMatchObject({ kind: 'film', status: 'judging' });
    // Stored once: the second read gives the same round.
    expect((await rounds(judged.id))[0]!.id).toBe(first!.id);
  });

  it("a draft's rounds are seen by its brand and staff only; a published contest's by anyone", async () => {
    const draft = await newContest(owner);
    expect(draft.publication_status).toBe('draft');
    for (const user of [undefined, creator, other]) {
      expect((await call('GET', `/api/contests/${draft.id}/rounds/`, user)).statusCode).toBe(404);
    }
    for (const user of [owner, reviewer, staff]) expect(await rounds(draft.id, user)).toHaveLength(1);
    expect(await rounds(1)).toHaveLength(1);
    expect((await call('GET', '/api/contests/999999/rounds/')).statusCode).toBe(404);
  });

  it('staff save ideas → pitches → films: 200 with the list, the film round keeps its id, the contest follows the last round; audited', async () => {
    const contest = await newContest();
    const [film] = await rounds(contest.id);
    const body = threeRounds({ id: film!.id });
    const res = await put(contest.id, body);
    expect(res.statusCode).toBe(200);
    const saved = res.json<RoundResponse[]>();
    expect(saved.map((r) => [r.position, r.kind, r.status])).toEqual([
      [1, 'idea', 'open'],
      [2, 'pitch', 'upcoming'],
      [3, 'film', 'upcoming'],
    ]);
    expect(saved[2]!.id).toBe(film!.id);
    expect(saved[1]).toMatchObject({
      allow_wildcards: true,
      advance_count: 3,
      stipend_cents: 50_000,
      currency: 'USD',
      rubric: [{ name: 'Concept', weight: 100 }],
    });
    expect(await rounds(contest.id)).toEqual(saved);

    const after = await contestOf(contest.id);
    expect(after.submission_deadline).toBe(saved[2]!.closes_at);
    expect(after.judging_ends_at).toBe(saved[2]!.judging_ends_at);
    // Judging starts inside the new window (it started on day 26); winners not before judging ends.
    expect(contest.judging_starts_at < saved[2]!.closes_at).toBe(true);
    expect(after.judging_starts_at).toBe(saved[2]!.closes_at);
    expect(after.winners_at).toBe(saved[2]!.judging_ends_at);
    expect(after.rubric).toEqual(body[2]!.rubric);

    const { rows } = await ctx.deps.database.query(
      "select actor_id, before, after from audit_log where action = 'contest.rounds' and target_id = $1",
      [String(contest.id)],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0] as {
      actor_id: number;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(row.actor_id).toBe(staff.id);
    expect((row.before.rounds as unknown[]).length).toBe(1);
    expect((row.after.rounds as Array<{ kind: string }>).map((r) => r.kind)).toEqual([
      'idea',
      'pitch',
      'film',
    ]);
    expect(row.after.submissionDeadline).toBe(saved[2]!.closes_at);
  });

  it('a round sent with its id keeps it when rounds are reordered; one left out is removed', async () => {
    const contest = await newContest();
    const saved = (await put(contest.id, threeRounds())).json<RoundResponse[]>();
    const [idea, pitch, film] = saved;
    const body = threeRounds({ id: film!.id });
    // The pitch round goes first (as an open round), the idea round is dropped.
    const res = await put(contest.id, [
      { ...body[1]!, id: pitch!.id, entry_policy: 'open', allow_wildcards: false, opens_at: at(-1) },
      body[2]!,
    ]);
    expect(res.statusCode).toBe(200);
    const now = res.json<RoundResponse[]>();
    expect(now.map((r) => [r.id, r.position])).toEqual([
      [pitch!.id, 1],
      [film!.id, 2],
    ]);
    expect(now.map((r) => r.id)).not.toContain(idea!.id);
  });

  it('400 with field errors: 1–4 rounds, windows in order, last round a film, first not advanced, an unknown id', async () => {
    const contest = await newContest();
    const errors = async (body: unknown[]) => {
      const res = await call('PUT', `/api/contests/${contest.id}/rounds/`, staff, { rounds: body });
      expect(res.statusCode).toBe(400);
      return res.json<Record<string, unknown>>();
    };
    expect(await errors([])).toMatchObject({ code: 'validation', rounds: [ROUND_MESSAGES.count] });
    const four = threeRounds();
    expect(await errors([...four, ...four].slice(0, 5))).toMatchObject({ rounds: [ROUND_MESSAGES.count] });

    const swapped = threeRounds();
    swapped[1] = { ...swapped[1]!, opens_at: at(6) };
    swapped[2] = { ...swapped[2]!, closes_at: at(16), judging_ends_at: at(15) };
    expect(await errors(swapped)).toMatchObject({
      'rounds.1.opens_at': [ROUND_MESSAGES.roundsInOrder],
      'rounds.2.closes_at': [ROUND_MESSAGES.opensBeforeCloses],
      'rounds.2.judging_ends_at': [ROUND_MESSAGES.judgingAfterClose],
    });

    const noFilm = threeRounds().slice(0, 2);
    noFilm[0] = { ...noFilm[0]!, entry_policy: 'advanced' };
    noFilm[1] = { ...noFilm[1]!, advance_count: 0, stipend_cents: 0 };
    expect(await errors(noFilm)).toMatchObject({
      'rounds.0.entry_policy': [ROUND_MESSAGES.firstNotAdvanced],
      'rounds.1.kind': [ROUND_MESSAGES.lastIsFilm],
    });

    expect(await errors(threeRounds({ id: 2 ** 31 - 1 }))).toMatchObject({
      'rounds.2.id': [ROUND_MESSAGES.unknownRound],
    });
    // Another contest's round is not this contest's.
    const [chairRound] = await rounds(1);
    expect(await errors(threeRounds({ id: chairRound!.id }))).toMatchObject({
      'rounds.2.id': [ROUND_MESSAGES.unknownRound],
    });
    // The last round must close after applications do (day 10).
    expect(
      await errors(threeRounds({ opens_at: at(8.5), closes_at: at(9), judging_ends_at: at(45) })),
    ).toEqual(expect.objectContaining({ 'rounds.2.opens_at': [ROUND_MESSAGES.roundsInOrder] }));
    const early = threeRounds().slice(2);
    early[0] = {
      ...early[0]!,
      entry_policy: 'selected',
      allow_wildcards: false,
      opens_at: at(-1),
      closes_at: at(9),
    };
    expect(await errors(early)).toMatchObject({ 'rounds.0.closes_at': [ROUND_MESSAGES.timelineConflict] });
    // Nothing was written.
    expect((await rounds(contest.id)).map((r) => r.kind)).toEqual(['film']);
    expect((await contestOf(contest.id)).submission_deadline).toBe(contest.submission_deadline);
  });

  it('409 round_has_entries when the round holding the entries would be dropped; kept, it saves', async () => {
    const judged = await makeJudgingContest(ctx.deps.database.db, { brandId: 1, judging: 'before' });
    await makeEntry(ctx.deps.database.db, judged, creator);
    const [film] = await rounds(judged.id);
    const contest = await contestOf(judged.id);
    const filmOnly: RoundBody = {
      kind: 'film',
      title: 'Films',
      opens_at: contest.starts_at,
      closes_at: contest.submission_deadline,
      judging_ends_at: contest.judging_ends_at,
      entry_policy: 'selected',
    };
    const dropped = await put(judged.id, [filmOnly]);
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json()).toMatchObject({ code: 'round_has_entries', detail: ROUND_MESSAGES.hasEntries });
    expect((await rounds(judged.id))[0]!.id).toBe(film!.id);
    const kept = await put(judged.id, [{ ...filmOnly, id: film!.id, brief: 'Your finished film.' }]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<RoundResponse[]>()[0]).toMatchObject({ id: film!.id, brief: 'Your finished film.' });
  });

  it("who saves: staff any contest; the brand's owners and managers their draft only", async () => {
    const draft = await newContest(owner);
    const published = await newContest(staff);
    expect(
      (await call('PUT', `/api/contests/${draft.id}/rounds/`, undefined, { rounds: threeRounds() }))
        .statusCode,
    ).toBe(401);
    expect((await put(draft.id, threeRounds(), creator)).statusCode).toBe(403);
    expect((await put(draft.id, threeRounds(), reviewer)).statusCode).toBe(403);
    expect((await put(draft.id, threeRounds(), other)).statusCode).toBe(404);
    expect((await put(published.id, threeRounds(), other)).statusCode).toBe(403);
    expect((await put(published.id, threeRounds(), owner)).statusCode).toBe(403);
    expect((await put(draft.id, threeRounds(), owner)).statusCode).toBe(200);
    expect((await put(published.id, threeRounds(), staff)).statusCode).toBe(200);
  });

  it("editing the contest's timeline or rubric moves its last round (and a one-round contest's opening)", async () => {
    const single = await newContest();
    const res = await call('PATCH', `/api/contests/${single.id}/`, staff, {
      starts_at: at(-2),
      submission_deadline: at(20),
      rubric: [{ name: 'Story', weight: 100 }],
    });
    expect(res.statusCode).toBe(200);
    const edited = res.json<ContestResponse>();
    expect(await rounds(single.id)).toEqual([
      expect.objectContaining({
        opens_at: edited.starts_at,
        closes_at: edited.submission_deadline,
        judging_ends_at: edited.judging_ends_at,
        rubric: [{ name: 'Story', weight: 100 }],
      }),
    ]);

    const staged = await newContest();
    const saved = (await put(staged.id, threeRounds())).json<RoundResponse[]>();
    const moved = await call('PATCH', `/api/contests/${staged.id}/`, staff, {
      submission_deadline: at(39.5),
    });
    expect(moved.statusCode).toBe(200);
    const after = await rounds(staged.id);
    expect(after.slice(0, 2)).toEqual(saved.slice(0, 2));
    expect(after[2]).toMatchObject({
      opens_at: saved[2]!.opens_at,
      closes_at: moved.json<ContestResponse>().submission_deadline,
    });
    // Not before the last round opens (day 17).
    const refused = await call('PATCH', `/api/contests/${staged.id}/`, staff, {
      submission_deadline: at(16.5),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ submission_deadline: [ROUND_MESSAGES.deadlineBeforeLastRound] });
    expect((await rounds(staged.id))[2]!.closes_at).toBe(after[2]!.closes_at);
  });
});
