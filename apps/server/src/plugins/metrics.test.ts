import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTicket } from '@app/domain';
import { createTestContext, type TestContext } from '../../test/helper';
import { createUser, type TestUser } from '../../test/factories';
import { makeClips, multipartBody } from '../../test/video-clips';
import { buildApp } from '../app';
import { defineJob } from '../jobs/queue';

const TOKEN = 'scraper-token-that-is-long-enough-0123456789';
const scraper = { authorization: `Bearer ${TOKEN}` };

/** The value of the series `name{labels}` in a Prometheus text answer (labels as written there). */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics: Prometheus text for the scraper holding METRICS_TOKEN', () => {
  let ctx: TestContext;
  let clips: ReturnType<typeof makeClips>;
  let creator: TestUser;
  let baseUrl: string;

  const scrape = async (app: FastifyInstance = ctx.app) => {
    const res = await app.inject({ url: '/metrics', headers: scraper });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** Scrapes until `look` finds what it waits for (a job finishing, a stream closing). */
  async function scrapeUntil(look: (body: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const body = await scrape();
      if (look(body) || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    clips = makeClips();
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    creator = await createUser(ctx, { role: 'creator' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(clips.dir, { recursive: true, force: true });
  });

  it('does not exist while METRICS_TOKEN is unset: 404 as an unknown path, whatever the token', async () => {
    const app = await buildApp({
      ...ctx.deps,
      config: { ...ctx.config, METRICS_TOKEN: undefined },
      webDist: path.join(ctx.dataDir, 'no-web-build'),
    });
    try {
      for (const headers of [{}, scraper]) {
        const res = await app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
    } finally {
      await app.close();
    }
  });

  it('answers 401 without the token or with another one (a staff access token too)', async () => {
    const staff = await createUser(ctx, { role: 'staff' });
    for (const headers of [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      staff.headers,
    ]) {
      const res = await ctx.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 'not_authenticated' });
    }
  });

  it('answers 200 in the Prometheus text format, with event-loop lag, memory and the database pool', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: scraper });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(res.body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const state of ['in_use', 'idle', 'waiting'])
      expect(sample(res.body, `db_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    const max = sample(res.body, 'db_pool_max_connections');
    // PGlite is one connection inside the process: no pool to report.
    if (ctx.deps.database.driver === 'postgres') expect(max).toBeGreaterThan(0);
    else expect(max).toBe(0);
  });

  it('times requests by route pattern, method and status class, never by the raw URL', async () => {
    for (let i = 0; i < 3; i++)
      expect((await ctx.app.inject({ url: '/api/contests/' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/contests/987654/' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/no-such-place/4242-secret-ish/' })).statusCode).toBe(404);
    const body = await scrape();
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{route="/api/contests/",method="GET",status_class="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{route="/api/contests/:id/",method="GET",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(body, 'http_request_duration_seconds_count{route="unmatched",method="GET",status_class="4xx"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(body).not.toContain('987654');
    expect(body).not.toContain('4242-secret-ish');
    // The scrape itself is timed once it has been answered.
    expect(
      sample(
        await scrape(),
        'http_request_duration_seconds_count{route="/metrics",method="GET",status_class="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'http_requests_in_flight')).toBe(1); // the scrape
  });

  it('reports each queue’s depth and the age of its oldest waiting job, read from the database', async () => {
    // A kind of job no process works: what is queued stays waiting.
    const idle = defineJob<{ n: number }>({
      name: 'metrics-test-idle',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    await ctx.deps.queue.send(idle, { n: 1 });
    await ctx.deps.queue.send(idle, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const body = await scrape();
    expect(sample(body, 'job_queue_depth{queue="metrics-test-idle"}')).toBe(2);
    expect(sample(body, 'job_queue_oldest_age_seconds{queue="metrics-test-idle"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'job_queue_running{queue="metrics-test-idle"}')).toBe(0);
  });

  it('records how long jobs ran and counts their failures, by kind', async () => {
    const flaky = defineJob<{ fail: boolean }>({
      name: 'metrics-test-flaky',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    await ctx.deps.queue.work(flaky, async ({ fail }) => {
      if (fail) throw new Error('failed on purpose');
    });
    await ctx.deps.queue.send(flaky, { fail: true });
    await ctx.deps.queue.send(flaky, { fail: false });
    const done = '{kind="metrics-test-flaky",outcome="completed"}';
    const failed = '{kind="metrics-test-flaky",outcome="failed"}';
    const body = await scrapeUntil(
      (text) =>
        sample(text, `job_duration_seconds_count${done}`) === 1 &&
        sample(text, `job_duration_seconds_count${failed}`) === 1,
    );
    expect(sample(body, `job_duration_seconds_count${done}`)).toBe(1);
    expect(sample(body, `job_duration_seconds_count${failed}`)).toBe(1);
    expect(sample(body, 'job_failures_total{kind="metrics-test-flaky"}')).toBe(1);
  });

  it('records the ffmpeg seconds of each rendition of an uploaded video', async () => {
    const body = multipartBody(
      { title: 'Timed' },
      { filename: 'timed.mp4', type: 'video/mp4', bytes: readFileSync(clips.mp4) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos/upload/',
      payload: body.payload,
      headers: { ...body.headers, ...creator.headers },
    });
    expect(res.statusCode).toBe(201);
    const metrics = await scrapeUntil((text) =>
      text.includes('video_processing_seconds_count{rendition="src"}'),
    );
    const renditions = [
      ...metrics.matchAll(/^video_processing_seconds_count\{rendition="([^"]+)"\} (\d+)/gm),
    ];
    // Poster and preview, then the one rendition of a clip below the ladder's lowest rung (320×240).
    expect(Object.fromEntries(renditions.map(([, name, count]) => [name, Number(count)]))).toEqual({
      poster: 1,
      preview: 1,
      src: 1,
    });
    expect(sample(metrics, 'video_processing_seconds_sum{rendition="src"}')).toBeGreaterThan(0);
  }, 60_000);

  it('counts the live event streams open on this process', async () => {
    const ticket = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/ticket/',
      headers: creator.headers,
    });
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}/api/events/?ticket=${ticket.json<EventTicket>().ticket}`, {
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const open = await scrapeUntil((text) => sample(text, 'event_streams_open') === 1, 5_000);
    expect(sample(open, 'event_streams_open')).toBe(1);
    // The stream and the scrape are both being answered.
    expect(sample(open, 'http_requests_in_flight')).toBe(2);
    controller.abort();
    const closed = await scrapeUntil((text) => sample(text, 'event_streams_open') === 0, 5_000);
    expect(sample(closed, 'event_streams_open')).toBe(0);
    expect(sample(closed, 'http_requests_in_flight')).toBe(1);
  });
});
