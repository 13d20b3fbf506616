import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContestResponse, RoundResponse } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser } from '../../../test/factories';
import { createContestsService } from '../../modules/contests';
import { seedIfEmpty } from './index';
import { LUMORA } from './demo-season';
import { ROUNDS_CONTEST_SLUG, seedDemoRoundsContest } from './demo-rounds';

describe("the demo world's contest in rounds (issue 47)", () => {
  let ctx: TestContext;
  let contestId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedIfEmpty(ctx.deps);
    const lumora = await createContestsService(ctx.deps).createBrand(LUMORA);
    const staff = await createUser(ctx, { role: 'staff' });
    contestId = await seedDemoRoundsContest(ctx.deps, {
      staff: { id: staff.id, role: 'staff', brandId: null, brandRole: null },
      lumoraBrandId: lumora.id,
    });
  });
  afterAll(() => ctx.close());

  it('is published, its ideas judged, its pitch round open, films ahead, with stipends and wildcards stated', async () => {
    const contest = (
      await ctx.app.inject({ url: `/api/contests/${ROUNDS_CONTEST_SLUG}/` })
    ).json<ContestResponse>();
    expect(contest).toMatchObject({ id: contestId, publication_status: 'published' });
    const rounds = (await ctx.app.inject({ url: `/api/contests/${contestId}/rounds/` })).json<
      RoundResponse[]
    >();
    expect(rounds.map((r) => [r.kind, r.status, r.entry_policy, r.allow_wildcards, r.stipend_cents])).toEqual(
      [
        ['idea', 'closed', 'open', false, 10_000],
        ['pitch', 'open', 'advanced', true, 50_000],
        ['film', 'upcoming', 'advanced', true, 0],
      ],
    );
    // The contest's video deadline and judging are the film round's.
    expect(contest.submission_deadline).toBe(rounds[2]!.closes_at);
    expect(contest.judging_ends_at).toBe(rounds[2]!.judging_ends_at);
  });
});
