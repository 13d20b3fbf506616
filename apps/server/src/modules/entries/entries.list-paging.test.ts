import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ContestResponse, Entry } from '@app/domain';
import { videos } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { secondContest } from '../../../test/second-contest';
import { createContestsService } from '../contests';
import { createEntryContest, selectApplicant } from './test-support';

let ctx: TestContext;
let contest: ContestResponse;
let brandUser: TestUser;
let staff: TestUser;
const entryIds: number[] = [];

const get = (url: string, user: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const list = async (query: string, user: TestUser = staff) => {
  const res = await get(`/api/contests/${contest.id}/entries/${query}`, user);
  expect(res.statusCode).toBe(200);
  // The body is the entries array (issue 15's shape); the page's total and links are headers.
  const results = res.json<Entry[]>();
  expect(Array.isArray(results)).toBe(true);
  const rel = (name: string) =>
    new RegExp(`<([^>]+)>; rel="${name}"`).exec(String(res.headers.link ?? ''))?.[1] ?? null;
  return { count: Number(res.headers['x-total-count']), next: rel('next'), previous: rel('prev'), results };
};
/** Signed media and download links carry a fresh token on every read: compare them without it. */
const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?[^"]*"/g, '"')) as unknown;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ contest, brandUser } = await createEntryContest(ctx, {}));
  staff = await createUser(ctx, { role: 'staff' });
  for (let i = 0; i < 5; i++) {
    const creator = await createUser(ctx, { firstName: `Entrant${i}`, lastName: 'Paging' });
    await selectApplicant(ctx, contest, creator.id);
    // A probed video row: the brief check reads its stored metadata, not the file.
    const video = await createVideoRow(ctx, creator, { title: `Film ${i}` });
    await ctx.deps.database.db
      .update(videos)
      .set({
        durationSeconds: 10,
        width: 1080,
        height: 1920,
        processingStage: 'done',
        processingPercent: 100,
      })
      .where(eq(videos.id, video.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/contests/${contest.id}/entries/`,
      payload: { video_id: video.id },
      headers: creator.headers,
    });
    expect(res.statusCode).toBe(201);
    entryIds.push(res.json<Entry>().id);
  }
  // History beyond the submission: a note with a reply on one entry, a revision asked on another.
  const noted = await ctx.app.inject({
    method: 'POST',
    url: `/api/entries/${entryIds[1]}/notes/`,
    payload: { version: 1, at_seconds: 2, text: 'Tighter opening' },
    headers: brandUser.headers,
  });
  expect(noted.statusCode).toBe(201);
  const revision = await ctx.app.inject({
    method: 'POST',
    url: `/api/entries/${entryIds[3]}/request-revision/`,
    payload: { message: 'Please add captions.' },
    headers: staff.headers,
  });
  expect(revision.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("a contest's entries for reviewers, page by page", () => {
  it('pages the list with a total: every entry once, most recently changed first', async () => {
    const first = await list('?page_size=2');
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const second = await list('?page_size=2&page=2');
    const third = await list('?page_size=2&page=3');
    expect(third.results).toHaveLength(1);
    expect(third.next).toBeNull();
    const paged = [...first.results, ...second.results, ...third.results].map((e) => e.id);
    expect(new Set(paged).size).toBe(5);
    expect(paged.sort()).toEqual([...entryIds].sort());
    const whole = await list('');
    expect(whole.count).toBe(5);
    expect(whole.results.map((e) => e.id)).toEqual(
      [...first.results, ...second.results, ...third.results].map((e) => e.id),
    );
    const changed = whole.results.map((e) => Date.parse(e.updated_at));
    expect(changed).toEqual([...changed].sort((a, b) => b - a));
    // The entry that changed last (its revision request) comes first.
    expect(whole.results[0]!.id).toBe(entryIds[3]);
    const past = await list('?page_size=2&page=9');
    expect(past).toMatchObject({ count: 5, results: [], next: null });
  });

  it('answers each entry as the entry page does: versions, notes and timeline, for staff and the brand', async () => {
    for (const user of [staff, brandUser]) {
      const { results } = await list('?page_size=100', user);
      expect(results).toHaveLength(5);
      for (const entry of results) {
        const one = await get(`/api/entries/${entry.id}/`, user);
        expect(unsigned(entry)).toEqual(unsigned(one.json<Entry>()));
      }
      const noted = results.find((e) => e.id === entryIds[1])!;
      expect(noted.notes.map((n) => [n.text, n.author.role])).toEqual([['Tighter opening', 'brand']]);
      expect(noted.open_notes_count).toBe(1);
      expect(results.find((e) => e.id === entryIds[3])!.timeline.map((s) => s.step)).toContain(
        'revision_requested',
      );
      expect(
        results.every((e) => e.contest_title === contest.title && e.creator.name.endsWith('Paging')),
      ).toBe(true);
    }
  });

  it('filters before paging, so the total counts what the filter keeps', async () => {
    const revision = await list('?filter=revision_requested&page_size=1');
    expect(revision.count).toBe(1);
    expect(revision.results.map((e) => e.id)).toEqual([entryIds[3]]);
    const needsReview = await list('?filter=needs_review&page_size=2');
    expect(needsReview.count).toBe(4);
    expect(needsReview.results).toHaveLength(2);
    expect((await list('?filter=ready_for_judging')).count).toBe(0);
  });

  it('answers by slug as by id; others get 403, an unknown contest and another brand’s draft 404', async () => {
    const bySlug = await get(`/api/contests/${contest.slug}/entries/`, staff);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json<Entry[]>().map((e) => e.id)).toEqual((await list('')).results.map((e) => e.id));
    const creator = await createUser(ctx, {});
    const { brandUser: otherBrand, contest: other } = await createEntryContest(ctx, {});
    for (const user of [creator, otherBrand])
      expect((await get(`/api/contests/${contest.id}/entries/`, user)).statusCode).toBe(403);
    expect((await get('/api/contests/999999/entries/', staff)).statusCode).toBe(404);
    // A brand's new contest is a draft: its brand and staff see its (empty) list, nobody else.
    const { contest: body } = secondContest(`draft-${Date.now().toString(36)}`, new Date());
    const draft = await createContestsService(ctx.deps).createContest(
      { ...body, brand_id: other.brand.id },
      { actor: { id: otherBrand.id, role: 'brand', brandId: other.brand.id } },
    );
    expect(draft.publication_status).toBe('draft');
    for (const user of [otherBrand, staff]) {
      const res = await get(`/api/contests/${draft.id}/entries/`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json<Entry[]>()).toEqual([]);
    }
    expect((await get(`/api/contests/${draft.id}/entries/`, brandUser)).statusCode).toBe(404);
  });

  it('refuses a page size outside 1–100 and a page below 1', async () => {
    for (const query of ['?page_size=0', '?page_size=101', '?page=0', '?page_size=abc']) {
      const res = await get(`/api/contests/${contest.id}/entries/${query}`, staff);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
