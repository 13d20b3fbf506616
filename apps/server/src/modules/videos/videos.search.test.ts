import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { VideoPage } from '@app/domain';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, type TestUser } from '../../../test/factories';
import { approveVideo } from '../../cli/commands/approve-video';
import { insertVideo, SEARCH_MATCH_LIMIT } from './videos.repository';
import { refreshSearchVectors } from './video-rows';

/**
 * The library's counts and the search's ranking, cap and freshness, on rows inserted straight into
 * the database (uploads are covered by videos.access.test.ts); what is checked is what a client
 * of the API sees.
 */
describe('videos: counts, ranking and a fresh search document', () => {
  let ctx: TestContext;
  let creator: TestUser;
  let minute = 0;

  /** An approved (unless said otherwise) video, each one a minute newer than the last. */
  async function video(
    title: string,
    description = '',
    options: { approved?: boolean; owner?: TestUser } = {},
  ) {
    minute += 1;
    const id = await insertVideo(ctx.deps.database.db, {
      ownerId: (options.owner ?? creator).id,
      title,
      description,
      originalKey: `videos/test-${minute}/original.mp4`,
      originalType: 'video/mp4',
      sizeBytes: 1000,
      status: 'ready',
      isApproved: options.approved ?? true,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
    });
    await refreshSearchVectors(ctx.deps.database.db, [id]);
    return id;
  }
  const get = async (url: string, user?: TestUser) => {
    const res = await ctx.app.inject({ url, headers: user?.headers ?? {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VideoPage>();
  };
  const search = (query: string, extra = '') =>
    get(`/api/videos/search/?query=${encodeURIComponent(query)}${extra}`);
  const ids = async (query: string) => (await search(query)).results.map((v) => v.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    creator = await createUser(ctx, { role: 'creator', firstName: 'Agnes', lastName: 'Varda' });
  });
  afterAll(() => ctx?.close());

  it('counts the library exactly as videos are added, approved and deleted, also past the last page', async () => {
    const list = (query = '') => get(`/api/videos/videos/?is_approved=true&ordering=-created_at${query}`);
    const before = (await list()).count;
    const first = await video('Counted one');
    await video('Counted two');
    const hidden = await video('Not approved yet', '', { approved: false });
    expect((await list()).count).toBe(before + 2);

    await ctx.app.inject({ method: 'DELETE', url: `/api/videos/videos/${first}/`, headers: creator.headers });
    expect((await list()).count).toBe(before + 1);
    await ctx.deps.database.db.execute(sql`update videos set is_approved = true where id = ${hidden}`);
    expect((await list()).count).toBe(before + 2);

    const past = await list('&page=999');
    expect(past.results).toEqual([]);
    expect(past.count).toBe(before + 2);
    expect(past.next).toBeNull();
    // The creator's own list counts their videos.
    const own = await get('/api/videos/videos/?is_standalone=true&page=50', creator);
    expect(own.results).toEqual([]);
    expect(own.count).toBe(2);
  });

  it('ranks a common term (title before description), finds a rare one, and nothing for a term in no video', async () => {
    // 'lumière' is in every description below, so the search takes its common-term path.
    const titled = await video('Lumière in the title', 'A study of lumière');
    for (let i = 0; i < 40; i++) await video(`Take ${i}`, `Shot with lumière number ${i}`);
    const rare = await video('Quokka at dawn', 'Lumière again');
    const newest = await video('Newest take', 'More lumière');

    const common = await search('lumière', '&page_size=100');
    expect(common.count).toBe(43);
    expect(common.results).toHaveLength(43);
    // Title matches weigh more; equal ranks are newest first.
    expect(common.results[0]!.id).toBe(titled);
    expect(common.results[1]!.id).toBe(newest);
    expect(await ids('quokka')).toEqual([rare]);
    expect(await ids('quok lumi')).toEqual([rare]);
    expect(await ids('xylophonequartz')).toEqual([]);
    expect((await search('xylophonequartz')).count).toBe(0);
  });

  it(`pages through at most the newest ${SEARCH_MATCH_LIMIT} matches, and its count says so`, async () => {
    const owner = await createUser(ctx, { role: 'creator', firstName: 'Many', lastName: 'Videos' });
    await ctx.deps.database.db.execute(sql`
      insert into videos (owner_id, title, description, original_key, original_type, size_bytes, status,
                          is_approved, created_at)
      select ${owner.id}, 'Bulk ' || g, 'plentiful footage', 'videos/bulk-' || g || '/original.mp4', 'video/mp4',
             1000, 'ready', true, timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, ${SEARCH_MATCH_LIMIT + 30}) g`);
    await refreshSearchVectors(ctx.deps.database.db, { ownerId: owner.id });

    const first = await search('plentiful', '&page_size=100');
    expect(first.count).toBe(SEARCH_MATCH_LIMIT);
    expect(first.results[0]!.title).toBe(`Bulk ${SEARCH_MATCH_LIMIT + 30}`);
    const lastPage = SEARCH_MATCH_LIMIT / 100;
    const last = await search('plentiful', `&page_size=100&page=${lastPage}`);
    expect(last.results).toHaveLength(100);
    expect(last.next).toBeNull();
    // The oldest 30 are beyond the newest 1,000 matches.
    expect(last.results.at(-1)!.title).toBe('Bulk 31');
    const past = await search('plentiful', `&page_size=100&page=${lastPage + 1}`);
    expect(past.results).toEqual([]);
    expect(past.count).toBe(SEARCH_MATCH_LIMIT);
    // A rarer word in the same videos goes through the other path and agrees.
    expect((await search('bulk 1030')).results.map((v) => v.title)).toEqual(['Bulk 1030']);
  });

  it("finds a video by its creator's new name after a rename, and no longer by the old one", async () => {
    const renamed = await createUser(ctx, { role: 'creator', firstName: 'Oldname', lastName: 'Person' });
    const id = await video('Harbour at night', '', { owner: renamed });
    expect(await ids('oldname')).toEqual([id]);

    const profileUrl = '/api/accounts/auth/creator-profile/';
    const read = await ctx.app.inject({ url: profileUrl, headers: renamed.headers });
    const csrf = read.cookies.find((c) => c.name === 'csrftoken')!.value;
    const boundary = 'rename-boundary';
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: profileUrl,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNewname Person\r\n--${boundary}--\r\n`,
      headers: {
        ...renamed.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: `csrftoken=${csrf}`,
        'x-csrftoken': csrf,
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await ids('newname')).toEqual([id]);
    expect(await ids('oldname')).toEqual([]);
    expect((await search('newname')).results[0]).toMatchObject({ creator: 'Newname Person' });
  });

  it('finds a video by its new title after a PUT and its new review, and no longer by the old one', async () => {
    const id = await video('Marmalade sunrise');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/videos/videos/${id}/`,
      headers: creator.headers,
      payload: { title: 'Tangerine dusk' },
    });
    expect(res.statusCode).toBe(200);
    // New text on an approved video is reviewed again before it is public (issue 30).
    expect(await ids('tangerine')).toEqual([]);
    await approveVideo(ctx.deps, [String(id)]);
    expect(await ids('tangerine')).toEqual([id]);
    expect(await ids('marmalade')).toEqual([]);
  });
});
