import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ContestResponse, Entry, EntryApprovals } from '@app/domain';
import { auditLog, notifications } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { makeEntry, makeJudgingContest } from '../judging/test-support';
import { createEntryContest, makeClip, selectApplicant, uploadClip, waitForVideo } from './test-support';

let ctx: TestContext;
let staff: TestUser;
let quick: { contest: ContestResponse; brandUser: TestUser };
let clip: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const decide = (entryId: number, user: TestUser, decision: 'approve' | 'changes', comment = '') =>
  call('POST', `/api/entries/${entryId}/approvals/`, user, { decision, comment });
const approvalsOf = async (entryId: number, user: TestUser) =>
  (await call('GET', `/api/entries/${entryId}/approvals/`, user)).json<EntryApprovals>();
const member = (brandId: number, brandRole: 'owner' | 'manager' | 'reviewer' | 'viewer', firstName: string) =>
  createUser(ctx, { role: 'brand', brandId, brandRole, firstName, lastName: 'Member' });

/** A selected creator's entry in `contest`, submitted through the API (real upload and checks). */
async function submitted(contest: ContestResponse, creator: TestUser, title: string): Promise<Entry> {
  const video = await uploadClip(ctx, creator, clip, title);
  await waitForVideo(ctx, creator, video.id);
  const res = await call('POST', `/api/contests/${contest.id}/entries/`, creator, { video_id: video.id });
  expect(res.statusCode).toBe(201);
  return res.json<Entry>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createUser(ctx, { role: 'staff' });
  clip = makeClip({ width: 32, height: 56, seconds: 4 });
  quick = await createEntryContest(ctx, { aspect_ratio: '9:16', min_seconds: 3, max_seconds: 5 });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('contest approvals_required', () => {
  it('defaults to 0, is edited with PATCH (0–5) and read back', async () => {
    expect(quick.contest.approvals_required).toBe(0);
    const url = `/api/contests/${quick.contest.id}/`;
    expect((await call('PATCH', url, staff, { approvals_required: 6 })).statusCode).toBe(400);
    const res = await call('PATCH', url, staff, { approvals_required: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContestResponse>().approvals_required).toBe(2);
    expect((await call('GET', url, staff)).json<ContestResponse>().approvals_required).toBe(2);
  });
});

describe('POST /api/entries/{id}/approvals/: sign-off on the final cut', () => {
  it('two approvals make a version approved; a new version starts again and keeps the old ones listed', async () => {
    const brandId = quick.contest.brand.id;
    const manager = await member(brandId, 'manager', 'Mara');
    const reviewer = await member(brandId, 'reviewer', 'Remy');
    const creator = await createUser(ctx, { firstName: 'Cleo', lastName: 'Creator' });
    await selectApplicant(ctx, quick.contest, creator.id);
    const entry = await submitted(quick.contest, creator, 'Cut 1');

    expect(await approvalsOf(entry.id, creator)).toEqual({
      required: 2,
      version: 1,
      state: 'pending',
      approvals: [],
    });
    const first = await decide(entry.id, manager, 'approve', 'Great light.');
    expect(first.statusCode).toBe(201);
    expect(first.json<EntryApprovals>()).toMatchObject({ state: 'pending', version: 1 });
    // A second decision of the same member replaces the first: still one approval.
    expect((await decide(entry.id, manager, 'approve')).json<EntryApprovals>().approvals).toHaveLength(1);
    const before = ctx.outbox().length;
    const approved = (await decide(entry.id, reviewer, 'approve')).json<EntryApprovals>();
    expect(approved.state).toBe('approved');
    expect(approved.approvals.map((a) => [a.name, a.decision, a.version])).toEqual([
      ['Remy Member', 'approve', 1],
      ['Mara Member', 'approve', 1],
    ]);
    const mail = await ctx.waitForEmail(creator.email, { after: before, containing: 'approved' });
    expect(mail).toContain('version 1 of your entry');
    const audit = await ctx.deps.database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(entry.id)));
    expect(audit.filter((a) => a.action === 'entry.approval')).toHaveLength(3);

    // Version 2 resets the state; version 1's approvals stay listed with their version.
    await submitted(quick.contest, creator, 'Cut 2');
    const reset = await approvalsOf(entry.id, quick.brandUser);
    expect(reset).toMatchObject({ required: 2, version: 2, state: 'pending' });
    expect(reset.approvals.map((a) => a.version)).toEqual([1, 1]);
    await decide(entry.id, manager, 'approve');
    expect((await approvalsOf(entry.id, staff)).state).toBe('pending');
  }, 120_000);

  it('a request for changes needs a comment and asks for a revision as a review does: the entrant is told once, uploads version 2, approvals start again', async () => {
    const brandId = quick.contest.brand.id;
    const reviewer = await member(brandId, 'reviewer', 'Rita');
    const manager = await member(brandId, 'manager', 'Milo');
    const creator = await createUser(ctx, { firstName: 'Cody', lastName: 'Creator' });
    await selectApplicant(ctx, quick.contest, creator.id);
    const entry = await submitted(quick.contest, creator, 'Rough cut');

    const noComment = await decide(entry.id, reviewer, 'changes');
    expect(noComment.statusCode).toBe(400);
    expect((await decide(entry.id, reviewer, 'changes', 'x'.repeat(2001))).statusCode).toBe(400);
    const before = ctx.outbox().length;
    // The selection's and the submission's e-mails came first.
    const mailsBefore = (await ctx.waitForEmails(creator.email, 2)).length;
    const res = await decide(entry.id, reviewer, 'changes', 'Show the armrests in the first shot.');
    expect(res.statusCode).toBe(201);
    expect(res.json<EntryApprovals>().state).toBe('changes_requested');

    // The entry is where a review's request for a revision puts it, with the comment on its timeline.
    const asked = (await call('GET', `/api/entries/${entry.id}/`, creator)).json<Entry>();
    expect(asked.status).toBe('revision_requested');
    expect(asked.timeline.at(-1)).toMatchObject({
      step: 'revision_requested',
      version: 1,
      detail: 'Show the armrests in the first shot.',
    });
    // One e-mail and one inbox notice, those of a revision request.
    const mail = await ctx.waitForEmail(creator.email, { after: before, containing: 'Revision requested' });
    expect(mail).toContain('Show the armrests in the first shot.');
    const kinds = async () =>
      (
        await ctx.deps.database.db
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(eq(notifications.userId, creator.id))
      ).map((n) => n.kind);
    await expect.poll(kinds).toContain('entry_revision_requested');
    expect(await kinds()).not.toContain('entry_approval');
    expect(ctx.mailsTo(creator.email)).toHaveLength(mailsBefore + 1);
    const audit = await ctx.deps.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(entry.id)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['entry.approval', 'entry.request_revision']),
    );

    // A second member asking for changes while the revision is pending: their own e-mail, with their comment.
    const second = ctx.outbox().length;
    await decide(entry.id, manager, 'changes', 'And a brighter close.');
    const more = await ctx.waitForEmail(creator.email, { after: second, containing: 'asks for changes' });
    expect(more).toContain('And a brighter close.');

    // The entrant reads the comments, and uploads version 2: in review again, approvals pending.
    expect((await approvalsOf(entry.id, creator)).approvals.map((a) => [a.decision, a.comment])).toEqual([
      ['changes', 'And a brighter close.'],
      ['changes', 'Show the armrests in the first shot.'],
    ]);
    const v2 = await submitted(quick.contest, creator, 'Final cut');
    expect(v2.status).toBe('in_review');
    expect(await approvalsOf(entry.id, reviewer)).toMatchObject({ version: 2, state: 'pending' });
  }, 120_000);

  it('viewers, staff and the entrant may not decide (403); other brands and creators do not see the entry (404)', async () => {
    const contest = await makeJudgingContest(ctx.deps.database.db);
    const creator = await createUser(ctx);
    const { entryId } = await makeEntry(ctx.deps.database.db, contest, creator);
    const viewer = await member(contest.brandId, 'viewer', 'Vic');
    const otherBrand = await createUser(ctx, { role: 'brand', brandId: quick.contest.brand.id });
    const otherCreator = await createUser(ctx);
    expect((await decide(entryId, viewer, 'approve')).statusCode).toBe(403);
    expect((await decide(entryId, staff, 'approve')).statusCode).toBe(403);
    expect((await decide(entryId, creator, 'approve')).statusCode).toBe(403);
    expect((await decide(entryId, otherBrand, 'approve')).statusCode).toBe(404);
    expect((await decide(entryId, otherCreator, 'approve')).statusCode).toBe(404);
    expect((await call('GET', `/api/entries/${entryId}/approvals/`, viewer)).statusCode).toBe(200);
    expect((await call('GET', `/api/entries/${entryId}/approvals/`, otherCreator)).statusCode).toBe(404);
  });
});

describe('results and approvals', () => {
  it('placing an entry whose judged version is not approved is 409 approval_missing; approved, it publishes', async () => {
    const db = ctx.deps.database.db;
    const contest = await makeJudgingContest(db, { judging: 'after' });
    const owner = await member(contest.brandId, 'owner', 'Olive');
    const creator = await createUser(ctx);
    const { entryId } = await makeEntry(db, contest, creator, { versions: 2 });
    const patched = await call('PATCH', `/api/contests/${contest.id}/`, staff, { approvals_required: 1 });
    expect(patched.statusCode).toBe(200);
    const url = `/api/contests/${contest.id}/results/`;
    const body = { places: [{ entry_id: entryId, place: 1, prize_cents: 1000 }] };

    const missing = await call('POST', url, staff, body);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'approval_missing' });

    expect((await decide(entryId, owner, 'approve')).json<EntryApprovals>()).toMatchObject({
      version: 2,
      state: 'approved',
    });
    expect((await call('POST', url, staff, body)).statusCode).toBe(201);
    // A correction placing another entry asks the same of it.
    const other = await makeEntry(db, contest, await createUser(ctx));
    const correction = await call('POST', `${url}corrections/`, staff, {
      places: [...body.places, { entry_id: other.entryId, place: 2, prize_cents: 500 }],
      reason: 'A second place was forgotten.',
    });
    expect(correction.statusCode).toBe(409);
    expect(correction.json()).toMatchObject({ code: 'approval_missing' });
  });
});
