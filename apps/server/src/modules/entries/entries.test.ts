import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTRY_NOTE_RATE,
  type ContestResponse,
  type Entry,
  type EntryNote,
  type EntrySummary,
} from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { createEntryContest, makeClip, selectApplicant, uploadClip, waitForVideo } from './test-support';

let ctx: TestContext;
/** 9:16, 3–5 s: the quick contest most tests enter. */
let quick: { contest: ContestResponse; brandUser: TestUser };
let clips: { vertical: string; landscape: string; rotated: string; long45: string; vertical6: string };

const submit = (user: TestUser, contestId: number, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/contests/${contestId}/entries/`,
    payload: body,
    headers: user.headers,
  });
const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (url: string, user: TestUser | undefined, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: user?.headers ?? {} });

/** A selected creator of `contest` with a processed upload of `clip`. */
async function selectedCreatorWith(contest: ContestResponse, clip: string, title = 'My film') {
  const creator = await createUser(ctx, { firstName: 'Cleo', lastName: 'Creator' });
  await selectApplicant(ctx, contest, creator.id);
  const video = await uploadClip(ctx, creator, clip, title);
  await waitForVideo(ctx, creator, video.id);
  return { creator, video };
}

async function waitForStatus(entryId: number, user: TestUser, status: string): Promise<Entry> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const entry = (await get(`/api/entries/${entryId}/`, user)).json<Entry>();
    if (entry.status === status) return entry;
    if (Date.now() > deadline) throw new Error(`entry ${entryId} is ${entry.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  clips = {
    vertical: makeClip({ width: 32, height: 56, seconds: 4 }),
    landscape: makeClip({ width: 56, height: 32, seconds: 4 }),
    // A phone clip: the stream is 1920×1080, tagged to be shown turned 90°: vertical.
    rotated: makeClip({ width: 1920, height: 1080, seconds: 4, rate: 1, rotate: 90 }),
    long45: makeClip({ width: 32, height: 56, seconds: 45, rate: 2 }),
    vertical6: makeClip({ width: 32, height: 56, seconds: 6 }),
  };
  quick = await createEntryContest(ctx, {
    aspect_ratio: '9:16',
    min_seconds: 3,
    max_seconds: 5,
    containers: ['mp4', 'mov'],
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/contests/{id}/entries/: checked against the brief', () => {
  it('refuses a 16:9 clip for a 9:16 brief with a message naming both', async () => {
    const { creator, video } = await selectedCreatorWith(quick.contest, clips.landscape);
    const res = await submit(creator, quick.contest.id, { video_id: video.id });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('brief_not_met');
    expect(body.detail).toContain('This video is 16:9 landscape; the brief asks for 9:16 vertical.');
    expect(body.checks).toContainEqual({
      rule: 'orientation',
      ok: false,
      severity: 'error',
      message: 'This video is 16:9 landscape; the brief asks for 9:16 vertical.',
    });
    expect((await get(`/api/contests/${quick.contest.id}/entries/mine/`, creator)).json()).toBeNull();
  });

  it('accepts a 1920×1080 clip with a 90° rotation tag as vertical', async () => {
    const { creator, video } = await selectedCreatorWith(quick.contest, clips.rotated, 'Phone clip');
    expect([video.width, video.height]).toEqual([1080, 1920]);
    const res = await submit(creator, quick.contest.id, { video_id: video.id });
    expect(res.statusCode).toBe(201);
    const entry = res.json<Entry>();
    expect(entry.checks.find((c) => c.rule === 'orientation')).toMatchObject({ ok: true });
    expect(entry.checks.every((c) => c.ok)).toBe(true);
  }, 90_000);

  it('refuses a 45 s clip for a 60–90 s brief', async () => {
    const { contest } = await createEntryContest(ctx, {
      aspect_ratio: '9:16',
      min_seconds: 60,
      max_seconds: 90,
    });
    const { creator, video } = await selectedCreatorWith(contest, clips.long45);
    const res = await submit(creator, contest.id, { video_id: video.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().checks).toContainEqual({
      rule: 'duration',
      ok: false,
      severity: 'error',
      message: 'This video is 0:45 long; the brief asks for 60–90 seconds.',
    });
  });

  it('accepts a valid clip: 201 with the entry, version 1, its checks, in review with its timeline', async () => {
    const { creator, video } = await selectedCreatorWith(quick.contest, clips.vertical);
    const res = await submit(creator, quick.contest.id, { video_id: video.id });
    expect(res.statusCode).toBe(201);
    const entry = res.json<Entry>();
    expect(entry).toMatchObject({
      contest_id: quick.contest.id,
      version: 1,
      status: 'in_review',
      video: { id: video.id, width: 32, height: 56 },
    });
    expect(entry.checks.map((c) => [c.rule, c.ok])).toEqual([
      ['orientation', true],
      ['aspect_ratio', true],
      ['duration', true],
      ['container', true],
    ]);
    expect(entry.timeline.map((e) => e.step)).toEqual(['uploaded', 'checked', 'in_review']);
    expect(entry.timeline.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('a second submission is the same entry with version 2; earlier versions stay', async () => {
    const { creator, video } = await selectedCreatorWith(quick.contest, clips.vertical);
    const first = (await submit(creator, quick.contest.id, { video_id: video.id })).json<Entry>();
    const second = await uploadClip(ctx, creator, clips.vertical, 'Cut 2');
    await waitForVideo(ctx, creator, second.id);
    const res = await submit(creator, quick.contest.id, { video_id: second.id });
    expect(res.statusCode).toBe(201);
    const entry = res.json<Entry>();
    expect(entry.id).toBe(first.id);
    expect(entry.version).toBe(2);
    expect(entry.video!.id).toBe(second.id);
    expect(entry.versions.map((v) => [v.version, v.video!.id])).toEqual([
      [1, video.id],
      [2, second.id],
    ]);
    // The same video cannot be entered twice.
    expect((await submit(creator, quick.contest.id, { video_id: second.id })).statusCode).toBe(409);
  });

  it('warnings (a soft length window) need confirm_warnings', async () => {
    const { contest } = await createEntryContest(ctx, {
      aspect_ratio: '9:16',
      min_seconds: 3,
      max_seconds: 5,
      duration_tolerance_seconds: 2,
    });
    const { creator, video } = await selectedCreatorWith(contest, clips.vertical6);
    const refused = await submit(creator, contest.id, { video_id: video.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'warnings_not_confirmed' });
    expect(refused.json().checks).toContainEqual({
      rule: 'duration',
      ok: false,
      severity: 'warning',
      message: "This video is 0:06 long, 1 s longer than the brief's 3–5 seconds.",
    });
    const res = await submit(creator, contest.id, { video_id: video.id, confirm_warnings: true });
    expect(res.statusCode).toBe(201);
    expect(res.json<Entry>().versions[0]!.warnings_confirmed_at).not.toBeNull();
  });

  it('refuses after the submission deadline with a clear message', async () => {
    const { contest } = await createEntryContest(
      ctx,
      { aspect_ratio: '9:16' },
      { submissionDeadlinePassed: true },
    );
    const { creator, video } = await selectedCreatorWith(contest, clips.vertical);
    const res = await submit(creator, contest.id, { video_id: video.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'submissions_closed',
      detail: 'The submission deadline for this contest has passed; no more videos can be submitted.',
    });
  });

  it('refuses a creator who is not selected (403), another creator’s video (404), and non-creators', async () => {
    const outsider = await createUser(ctx);
    const video = await uploadClip(ctx, outsider, clips.vertical, 'Not selected');
    const notSelected = await submit(outsider, quick.contest.id, { video_id: video.id });
    expect(notSelected.statusCode).toBe(403);
    expect(notSelected.json().code).toBe('not_selected');

    const { creator } = await selectedCreatorWith(quick.contest, clips.vertical);
    expect((await submit(creator, quick.contest.id, { video_id: video.id })).statusCode).toBe(404);
    expect((await submit(quick.brandUser, quick.contest.id, { video_id: video.id })).statusCode).toBe(403);
    expect(
      (await post(`/api/contests/${quick.contest.id}/entries/`, undefined, { video_id: video.id }))
        .statusCode,
    ).toBe(401);
  });

  it('a video still processing waits, then moves on to checked and in review by itself', async () => {
    const creator = await createUser(ctx);
    await selectApplicant(ctx, quick.contest, creator.id);
    const video = await uploadClip(ctx, creator, clips.vertical, 'Fresh upload');
    const res = await submit(creator, quick.contest.id, { video_id: video.id });
    expect(res.statusCode).toBe(201);
    const entry = await waitForStatus(res.json<Entry>().id, creator, 'in_review');
    expect(entry.timeline.map((e) => e.step).filter((s) => s !== 'processing')).toEqual([
      'uploaded',
      'checked',
      'in_review',
    ]);
  });
});

describe('entries, notes and the timeline: who sees what', () => {
  let creator: TestUser;
  let entry: Entry;
  let staff: TestUser;
  let otherBrand: TestUser;
  let otherCreator: TestUser;

  beforeAll(async () => {
    ({ creator } = await selectedCreatorWith(quick.contest, clips.vertical, 'Noted film'));
    const mine = await uploadClip(ctx, creator, clips.vertical, 'Noted film');
    await waitForVideo(ctx, creator, mine.id);
    entry = (await submit(creator, quick.contest.id, { video_id: mine.id })).json<Entry>();
    staff = await createUser(ctx, { role: 'staff' });
    const { contest: other } = await createEntryContest(ctx, {});
    otherBrand = await createUser(ctx, {
      role: 'brand',
      brandId: other.brand.id,
      firstName: 'Bea',
      lastName: 'Brand',
    });
    otherCreator = await createUser(ctx);
  }, 90_000);

  it('lists a contest’s entries for staff and its brand only', async () => {
    const url = `/api/contests/${quick.contest.id}/entries/`;
    for (const user of [staff, quick.brandUser]) {
      const res = await get(url, user);
      expect(res.statusCode).toBe(200);
      expect(res.json<EntrySummary[]>().map((e) => e.id)).toContain(entry.id);
    }
    expect((await get(url, otherBrand)).statusCode).toBe(403);
    expect((await get(url, creator)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });

  it('notes: the brand and staff pin notes, the entrant replies; nobody else sees or writes them', async () => {
    const notesUrl = `/api/entries/${entry.id}/notes/`;
    const pinned = await post(notesUrl, quick.brandUser, {
      version: 1,
      at_seconds: 2.5,
      text: 'Hold this shot longer',
    });
    expect(pinned.statusCode).toBe(201);
    const note = pinned.json<EntryNote>();
    expect(note).toMatchObject({ version: 1, at_seconds: 2.5, parent_id: null, author: { role: 'brand' } });
    expect((await post(notesUrl, staff, { version: 1, at_seconds: 1, text: 'Nice light' })).statusCode).toBe(
      201,
    );

    // The entrant replies on a note, but does not start one.
    const reply = await post(notesUrl, creator, {
      version: 1,
      at_seconds: 0,
      text: 'Will do',
      parent_id: note.id,
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<EntryNote>()).toMatchObject({ parent_id: note.id, at_seconds: 2.5 });
    expect((await post(notesUrl, creator, { version: 1, at_seconds: 1, text: 'Hi' })).statusCode).toBe(403);

    for (const user of [otherBrand, otherCreator])
      expect(
        (await post(notesUrl, user, { version: 1, at_seconds: 1, text: 'Hi', parent_id: note.id }))
          .statusCode,
      ).toBe(404);
    expect((await post(notesUrl, quick.brandUser, { version: 9, at_seconds: 1, text: 'x' })).statusCode).toBe(
      400,
    );

    for (const user of [creator, staff, quick.brandUser]) {
      const seen = (await get(`/api/entries/${entry.id}/`, user)).json<Entry>();
      expect(seen.notes.map((n) => n.text)).toEqual(['Nice light', 'Hold this shot longer', 'Will do']);
    }
    for (const user of [otherBrand, otherCreator])
      expect((await get(`/api/entries/${entry.id}/`, user)).statusCode).toBe(404);
    expect((await get(`/api/entries/${entry.id}/`)).statusCode).toBe(401);

    // Resolving: reviewers only.
    const resolveUrl = `/api/entries/${entry.id}/notes/${note.id}/resolve/`;
    expect((await post(resolveUrl, creator)).statusCode).toBe(403);
    expect((await post(resolveUrl, otherBrand)).statusCode).toBe(404);
    const resolved = await post(resolveUrl, quick.brandUser);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<EntryNote>().resolved_at).not.toBeNull();
  });

  it('limits the notes and replies one user writes (each e-mails someone): 429 past the limit', async () => {
    const notesUrl = `/api/entries/${entry.id}/notes/`;
    const { notes } = (await get(`/api/entries/${entry.id}/`, creator)).json<Entry>();
    const thread = notes.find((n) => n.parent_id === null);
    // What the entrant already wrote in this window counts.
    const written = notes.filter((n) => n.author.role === 'creator').length;
    const reply = () =>
      post(notesUrl, creator, { version: 1, at_seconds: 0, text: 'Noted', parent_id: thread!.id });
    for (let i = written; i < ENTRY_NOTE_RATE.limit; i++) expect((await reply()).statusCode).toBe(201);
    const refused = await reply();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another user is not held back by it.
    expect((await post(notesUrl, staff, { version: 1, at_seconds: 3, text: 'Fine by me' })).statusCode).toBe(
      201,
    );
  });

  it('filters the list: needs review while a note is open, ready for judging once all are resolved', async () => {
    const ids = async (filter: string) =>
      (await get(`/api/contests/${quick.contest.id}/entries/?filter=${filter}`, staff))
        .json<Entry[]>()
        .map((e) => e.id);
    expect(await ids('needs_review')).toContain(entry.id);
    expect(await ids('ready_for_judging')).not.toContain(entry.id);
    const listed = (await get(`/api/contests/${quick.contest.id}/entries/`, staff))
      .json<Entry[]>()
      .find((e) => e.id === entry.id)!;
    expect(listed.timeline.length).toBeGreaterThan(0);
    expect(listed.versions).toHaveLength(1);
    for (const note of listed.notes.filter((n) => n.parent_id === null && !n.resolved_at))
      expect((await post(`/api/entries/${entry.id}/notes/${note.id}/resolve/`, staff)).statusCode).toBe(200);
    expect(await ids('ready_for_judging')).toContain(entry.id);
    expect(await ids('needs_review')).not.toContain(entry.id);
    expect(await ids('revision_requested')).not.toContain(entry.id);
    expect((await get(`/api/contests/${quick.contest.id}/entries/?filter=bogus`, staff)).statusCode).toBe(
      400,
    );
  });

  it("the contest's brand watches the entered video, not its original (a winner's master comes with the delivery); another brand sees neither", async () => {
    const seen = (await get(`/api/entries/${entry.id}/`, quick.brandUser)).json<Entry>();
    expect(seen.video!.playback?.hls_url).toBeTruthy();
    expect(seen.video!.download_url).toBeNull();
    expect((await get(`/api/videos/videos/${entry.video!.id}/download/`, quick.brandUser)).statusCode).toBe(
      403,
    );
    // The entrant keeps their own original.
    expect((await get(`/api/entries/${entry.id}/`, creator)).json<Entry>().video!.download_url).toMatch(
      /\/download\/\?token=/,
    );
    expect((await get(`/api/videos/videos/${entry.video!.id}/`, quick.brandUser)).statusCode).toBe(200);
    expect((await get(`/api/videos/videos/${entry.video!.id}/`, otherBrand)).statusCode).toBe(404);
    const download2 = await get(`/api/videos/videos/${entry.video!.id}/download/`, otherBrand);
    expect(download2.statusCode).toBe(404);
  });

  it('staff and brand actions are audited', async () => {
    const res = await get(`/api/staff/audit/?target_type=entry&target_id=${entry.id}`, staff);
    expect(res.statusCode).toBe(200);
    const actions = res.json<{ results: Array<{ action: string }> }>().results.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['entry.note', 'entry.note_resolve']));
  });
});

describe('the status timeline sends one e-mail per change', () => {
  it('submission, revision request and version 2: one e-mail each, naming the contest and the video', async () => {
    const { creator, video } = await selectedCreatorWith(quick.contest, clips.vertical, 'Sunrise cut');
    const entry = (await submit(creator, quick.contest.id, { video_id: video.id })).json<Entry>();
    // The selection's e-mail came first ("You are selected"); then one per change of the entry.
    const [selected, first] = await ctx.waitForEmails(creator.email, 2);
    expect(selected).toContain('You are selected');
    expect(first).toContain(quick.contest.title);
    expect(first).toContain('Sunrise cut');
    expect(first).toContain('In review');

    // Only reviewers request a revision.
    expect(
      (await post(`/api/entries/${entry.id}/request-revision/`, creator, { message: 'x' })).statusCode,
    ).toBe(403);
    const revision = await post(`/api/entries/${entry.id}/request-revision/`, quick.brandUser, {
      message: 'Please brighten the opening.',
    });
    expect(revision.statusCode).toBe(200);
    expect(revision.json<Entry>().status).toBe('revision_requested');
    const afterRevision = await ctx.waitForEmails(creator.email, 3);
    expect(afterRevision[2]).toContain('Revision requested');
    expect(afterRevision[2]).toContain('Please brighten the opening.');

    const second = await uploadClip(ctx, creator, clips.vertical, 'Sunrise cut v2');
    await waitForVideo(ctx, creator, second.id);
    const v2 = (await submit(creator, quick.contest.id, { video_id: second.id })).json<Entry>();
    expect(v2.timeline.map((e) => [e.step, e.version])).toEqual([
      ['uploaded', 1],
      ['checked', 1],
      ['in_review', 1],
      ['revision_requested', 1],
      ['uploaded', 2],
      ['checked', 2],
      ['in_review', 2],
    ]);
    const all = await ctx.waitForEmails(creator.email, 4);
    expect(all[3]).toContain('Sunrise cut v2');
    // Exactly three changes so far, three e-mails after the selection's: a later change adds exactly one more.
    expect(ctx.mailsTo(creator.email)).toHaveLength(4);
  });
});
