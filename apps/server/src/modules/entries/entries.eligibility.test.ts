import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApplicationStatus, ContestResponse, EntryEligibility } from '@app/domain';
import { applications } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { createEntryContest, selectApplicant } from './test-support';

/**
 * Issue 26: Submit Video asks the server whether the caller may submit, and if not, why; the
 * answer is the rule POST /api/contests/{id}/entries/ applies.
 */
describe('GET /api/contests/{id}/entries/eligibility/', () => {
  let ctx: TestContext;
  let open: { contest: ContestResponse; brandUser: TestUser };
  let closed: { contest: ContestResponse; brandUser: TestUser };
  beforeAll(async () => {
    ctx = await createTestContext();
    open = await createEntryContest(ctx, {});
    closed = await createEntryContest(ctx, {}, { submissionDeadlinePassed: true });
  }, 60_000);
  afterAll(() => ctx?.close());

  const eligibility = (contestId: number | string, user?: TestUser) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/contests/${contestId}/entries/eligibility/`,
      headers: user?.headers ?? {},
    });

  /** A creator whose application to `contest` has `status` (none: never applied). */
  async function creatorWith(contest: ContestResponse, status?: ApplicationStatus): Promise<TestUser> {
    const creator = await createUser(ctx);
    if (!status) return creator;
    await selectApplicant(ctx, contest, creator.id);
    if (status !== 'selected')
      await ctx.deps.database.db
        .update(applications)
        .set({ status })
        .where(eq(applications.userId, creator.id));
    return creator;
  }

  it.each([
    [undefined, 'not_applied'],
    ['pending', 'application_pending'],
    ['declined', 'application_declined'],
    ['withdrawn', 'application_withdrawn'],
    ['selected', null],
  ] as const)('a creator whose application is %s: %s', async (status, reason) => {
    const creator = await creatorWith(open.contest, status);
    const res = await eligibility(open.contest.id, creator);
    expect(res.statusCode).toBe(200);
    expect(res.json<EntryEligibility>()).toEqual({
      can_submit: reason === null,
      reason,
      application_status: status ?? null,
    });
  });

  it('after the submission deadline nobody may submit, selected or not', async () => {
    for (const status of ['selected', 'pending'] as const) {
      const creator = await creatorWith(closed.contest, status);
      expect((await eligibility(closed.contest.id, creator)).json<EntryEligibility>()).toEqual({
        can_submit: false,
        reason: 'submissions_closed',
        application_status: status,
      });
    }
  });

  it('brand users and staff do not submit; a visitor signs in; an unknown contest is 404', async () => {
    const staff = await createUser(ctx, { role: 'staff' });
    for (const user of [open.brandUser, staff])
      expect((await eligibility(open.contest.id, user)).json<EntryEligibility>().reason).toBe('not_creator');
    expect((await eligibility(open.contest.id)).statusCode).toBe(401);
    expect((await eligibility(999_999, await createUser(ctx))).statusCode).toBe(404);
  });

  it('the submission itself applies the same rule', async () => {
    const pending = await creatorWith(open.contest, 'pending');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${open.contest.id}/entries/`,
      payload: { video_id: 1 },
      headers: pending.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_selected');

    const late = await creatorWith(closed.contest, 'pending');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${closed.contest.id}/entries/`,
      payload: { video_id: 1 },
      headers: late.headers,
    });
    expect(refused.json().code).toBe('submissions_closed');
  });
});
