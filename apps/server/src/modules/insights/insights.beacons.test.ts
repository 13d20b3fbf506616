import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_LIMITS, INSIGHTS_MESSAGES, type MyVideoPlays } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow, type TestUser } from '../../../test/factories';
import { videos } from '../../db/schema/index';

/**
 * Play beacons that a script, another site or one machine with made-up session ids could send
 * (security finding 5): one play per session, a few viewers per address, the site's own pages only.
 */
describe('play beacons: counted once per session, a few viewers per address, from the site only', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let next = 0;
  /** A fresh client address for each test, so the per-client rate limit never mixes them up. */
  const address = () => `127.0.5.${++next}`;
  const session = (name: string) => `${name}-${next}-session`;

  /** What the video page's player sends: navigator.sendBeacon's text/plain body, from the site. */
  const playerBeacon = (
    videoId: number,
    body: Record<string, unknown>,
    /** Headers instead of the player's (undefined: not sent). */
    options: { remoteAddress: string; headers?: Record<string, string | undefined>; app?: FastifyInstance },
  ) => {
    const headers = {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-dest': 'empty',
      ...options.headers,
    };
    return (options.app ?? ctx.app).inject({
      method: 'POST',
      url: `/api/videos/videos/${videoId}/plays/`,
      headers: Object.fromEntries(
        Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      payload: JSON.stringify(body),
      remoteAddress: options.remoteAddress,
    });
  };

  /** The owner's numbers of the video, as My Videos shows them. */
  const numbers = async (videoId: number) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/creator/videos/plays/',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<MyVideoPlays>().videos.find((video) => video.video_id === videoId)!;
  };

  /** A new approved video of the owner (anyone may watch it), never played. */
  const approvedVideo = async () => {
    const video = await createVideoRow(ctx, owner);
    await ctx.deps.database.db
      .update(videos)
      .set({ reviewStatus: 'approved', approvedAt: new Date() })
      .where(eq(videos.id, video.id));
    return video.id;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ INSIGHTS_CACHE_SECONDS: '0', CORS_ORIGINS: 'http://partner.test' });
    owner = await createUser(ctx, { role: 'creator' });
  }, 120_000);
  afterAll(async () => ctx?.close());

  it("answers the player's own beacons 204 and counts them", async () => {
    const videoId = await approvedVideo();
    const remoteAddress = address();
    const viewer = session('player');
    expect(
      (await playerBeacon(videoId, { session: viewer, event: 'start', tenth: 0 }, { remoteAddress }))
        .statusCode,
    ).toBe(204);
    const progress = await playerBeacon(
      videoId,
      { session: viewer, event: 'progress', tenth: 5 },
      { remoteAddress },
    );
    expect(progress.statusCode).toBe(204);
    expect(progress.body).toBe('');
    expect(await numbers(videoId)).toMatchObject({ plays: 1, viewers: 1, average_watched: 0.1 });
  });

  it('counts five identical starts of one session as one play, and a replay the same day as none', async () => {
    const videoId = await approvedVideo();
    const remoteAddress = address();
    const start = { session: session('repeat'), event: 'start', tenth: 0 };
    for (let i = 0; i < 5; i++)
      expect((await playerBeacon(videoId, start, { remoteAddress })).statusCode).toBe(204);
    expect(await numbers(videoId)).toMatchObject({ plays: 1, viewers: 1 });
    // Played to the end, then again from the start in the same tab: still one play that day.
    for (let tenth = 1; tenth <= 10; tenth++)
      await playerBeacon(videoId, { ...start, event: 'progress', tenth }, { remoteAddress });
    expect((await playerBeacon(videoId, start, { remoteAddress })).statusCode).toBe(204);
    expect(await numbers(videoId)).toEqual({ video_id: videoId, plays: 1, viewers: 1, average_watched: 1 });
  });

  it(`counts at most ${INSIGHTS_LIMITS.viewerSessionsPerClient} sessions of one address as viewers and plays, whichever app process gets them`, async () => {
    const videoId = await approvedVideo();
    const remoteAddress = address();
    const second = await ctx.anotherApp();
    // 60 made-up sessions from one machine, spread over two app processes behind the balancer;
    // each starts, the first five also reach the first tenth (65 beacons: within the rate limit).
    for (let i = 0; i < 60; i++) {
      const app = i % 2 ? second : ctx.app;
      const made = `${session('made-up')}-${i}`;
      expect(
        (await playerBeacon(videoId, { session: made, event: 'start', tenth: 0 }, { remoteAddress, app }))
          .statusCode,
      ).toBe(204);
      if (i < 5)
        expect(
          (
            await playerBeacon(
              videoId,
              { session: made, event: 'progress', tenth: 1 },
              { remoteAddress, app },
            )
          ).statusCode,
        ).toBe(204);
    }
    const capped = await numbers(videoId);
    expect(capped).toMatchObject({
      plays: INSIGHTS_LIMITS.viewerSessionsPerClient,
      viewers: INSIGHTS_LIMITS.viewerSessionsPerClient,
    });
    // The retention curve stays a share of the counted viewers: the sessions not counted add no tenth.
    expect(capped.average_watched).toBe(0.1);

    // A session already counted goes on counting its tenths; another address's viewer counts.
    const first = `${session('made-up')}-0`;
    expect(
      (await playerBeacon(videoId, { session: first, event: 'progress', tenth: 2 }, { remoteAddress }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await playerBeacon(
          videoId,
          { session: session('neighbour'), event: 'start', tenth: 0 },
          { remoteAddress: address() },
        )
      ).statusCode,
    ).toBe(204);
    expect(await numbers(videoId)).toMatchObject({
      plays: INSIGHTS_LIMITS.viewerSessionsPerClient + 1,
      viewers: INSIGHTS_LIMITS.viewerSessionsPerClient + 1,
    });
    // The same address on another video is counted afresh.
    const otherVideo = await approvedVideo();
    expect(
      (await playerBeacon(otherVideo, { session: first, event: 'start', tenth: 0 }, { remoteAddress }))
        .statusCode,
    ).toBe(204);
    expect(await numbers(otherVideo)).toMatchObject({ plays: 1, viewers: 1 });
  });

  it('holds the limit when one address sends many new sessions at once to two app processes', async () => {
    const videoId = await approvedVideo();
    const remoteAddress = address();
    const second = await ctx.anotherApp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        playerBeacon(
          videoId,
          { session: `${session('burst')}-${i}`, event: 'start', tenth: 0 },
          { remoteAddress, app: i % 2 ? second : ctx.app },
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 204));
    expect(await numbers(videoId)).toMatchObject({
      plays: INSIGHTS_LIMITS.viewerSessionsPerClient,
      viewers: INSIGHTS_LIMITS.viewerSessionsPerClient,
    });
  });

  it('keeps no client address: only a keyed hash of it with the day', async () => {
    const videoId = await approvedVideo();
    const remoteAddress = '127.0.4.77';
    await playerBeacon(videoId, { session: session('private'), event: 'start', tenth: 0 }, { remoteAddress });
    const { rows } = await ctx.deps.database.query(
      `select t.table_name, t.column_name from information_schema.columns t
        where t.table_schema = 'public' and t.table_name in ('play_days', 'play_totals', 'play_marks', 'play_clients', 'throttles')`,
    );
    const tables = [...new Set(rows.map((row) => String(row.table_name)))];
    expect(tables).toContain('play_clients');
    for (const table of tables) {
      const { rows: stored } = await ctx.deps.database.query(`select * from ${table}`);
      expect(JSON.stringify(stored), table).not.toContain('127.0.4.77');
    }
  });

  it('refuses beacons another site makes its visitors send (403, nothing counted)', async () => {
    const videoId = await approvedVideo();
    const start = { session: session('forged'), event: 'start', tenth: 0 };
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      { 'sec-fetch-site': 'cross-site', origin: undefined },
      { 'sec-fetch-site': undefined, origin: 'https://elsewhere.example' },
      // A sandboxed frame or a page of another scheme.
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      // A site that shares the domain but not the origin (another subdomain, another port).
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3001' },
    ]) {
      const response = await playerBeacon(videoId, start, { remoteAddress: address(), headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json(), JSON.stringify(headers)).toMatchObject({
        code: 'forbidden',
        detail: INSIGHTS_MESSAGES.crossSite,
      });
      // As JSON too: the content type does not matter.
      const asJson = await playerBeacon(videoId, start, {
        remoteAddress: address(),
        headers: { ...headers, 'content-type': 'application/json' },
      });
      expect(asJson.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await numbers(videoId)).toMatchObject({ plays: 0, viewers: 0 });
  });

  it('takes beacons from the configured origins, and from clients that are not browsers', async () => {
    const videoId = await approvedVideo();
    // A front end on an origin of CORS_ORIGINS.
    const partner = await playerBeacon(
      videoId,
      { session: session('partner'), event: 'start', tenth: 0 },
      {
        remoteAddress: address(),
        headers: { origin: 'http://partner.test', 'sec-fetch-site': 'cross-site' },
      },
    );
    expect(partner.statusCode).toBe(204);
    // No Origin, no Sec-Fetch-Site: not a browser's cross-site request (the per-address limits hold).
    const script = await playerBeacon(
      videoId,
      { session: session('script'), event: 'start', tenth: 0 },
      {
        remoteAddress: address(),
        headers: { 'content-type': 'application/json', origin: undefined, 'sec-fetch-site': undefined },
      },
    );
    expect(script.statusCode).toBe(204);
    expect(await numbers(videoId)).toMatchObject({ plays: 2, viewers: 2 });
  });
});
