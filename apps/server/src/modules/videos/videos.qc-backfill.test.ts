import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helper';
import { createUser, createVideoRow } from '../../../test/factories';
import { videoQc } from '../../db/schema/index';
import { startQueue, type JobQueue } from '../../jobs/queue';
import { backfillVideoQc, QC_CLAIM_STALE_MS } from './video-qc';
import { startVideoJobHandlers } from './videos.jobs';

/**
 * Issue 51: videos processed before the technical check existed (and the demo seed's, made without
 * a queue) get their check when a worker starts: one bounded sweep, in batches, that queues each
 * video's check once however many workers start together.
 */
describe('the technical check backfill when a worker starts', () => {
  let ctx: TestContext;
  let otherQueue: JobQueue;
  const sql = async <T>(text: string, values?: unknown[]) =>
    (await ctx.deps.database.query(text, values)).rows as T[];
  /** How many check jobs were ever queued for each of `ids`. */
  const jobsPerVideo = async (ids: number[]) => {
    const rows = await sql<{ id: string; n: number }>(
      `select data->>'videoId' as id, count(*)::int as n from pgboss.job where name = 'video-qc' group by 1`,
    );
    const counts = new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    return ids.map((id) => counts.get(id) ?? 0);
  };

  beforeAll(async () => {
    // No job runs in this process unless a test starts the handlers: the queue is read as it is.
    ctx = await createTestContext({ WORKERS: 'false' });
    otherQueue = await startQueue(ctx.deps.database, { log: ctx.deps.log, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await otherQueue?.stop();
    await ctx?.close();
  });

  it('queues each playable video without a queued check once, across two workers sweeping at once, in batches', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const old = await Promise.all(
      Array.from({ length: 7 }, () => createVideoRow(ctx, owner, { status: 'ready' })),
    );
    // Seeded without a queue: a pending row never queued.
    const seeded = await createVideoRow(ctx, owner, { status: 'ready' });
    await ctx.deps.database.db.insert(videoQc).values({ videoId: seeded.id });
    // Not for the sweep: still processing, failed, already checked, already queued.
    const processing = await createVideoRow(ctx, owner, { status: 'processing' });
    const failed = await createVideoRow(ctx, owner, { status: 'failed' });
    const checked = await createVideoRow(ctx, owner, { status: 'ready' });
    await ctx.deps.database.db.insert(videoQc).values({ videoId: checked.id, status: 'done' });
    const queued = await createVideoRow(ctx, owner, { status: 'ready' });
    await ctx.deps.database.db.insert(videoQc).values({ videoId: queued.id, queuedAt: new Date() });

    const bounds = { batchSize: 3, maxBatches: 10 };
    const [a, b] = await Promise.all([
      backfillVideoQc(ctx.deps, bounds),
      backfillVideoQc({ ...ctx.deps, queue: otherQueue }, bounds),
    ]);
    const due = [...old, seeded].map((v) => v.id);
    expect(a + b).toBe(due.length);
    expect(await jobsPerVideo(due)).toEqual(due.map(() => 1));
    expect(await jobsPerVideo([processing.id, failed.id, checked.id, queued.id])).toEqual([0, 0, 0, 0]);
    const rows = await ctx.deps.database.db.select().from(videoQc).where(eq(videoQc.videoId, old[0]!.id));
    expect(rows[0]).toMatchObject({ status: 'pending' });
    expect(rows[0]!.queuedAt).toBeInstanceOf(Date);

    // Another start finds nothing left to queue.
    expect(await backfillVideoQc(ctx.deps, bounds)).toBe(0);
    expect(await jobsPerVideo(due)).toEqual(due.map(() => 1));
  });

  it('queues again a check whose claim went stale (its process died before sending the job), once', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const [lost, recent] = await Promise.all([
      createVideoRow(ctx, owner, { status: 'ready' }),
      createVideoRow(ctx, owner, { status: 'ready' }),
    ]);
    await ctx.deps.database.db.insert(videoQc).values([
      { videoId: lost.id, queuedAt: new Date(Date.now() - QC_CLAIM_STALE_MS - 60_000) },
      { videoId: recent.id, queuedAt: new Date(Date.now() - QC_CLAIM_STALE_MS + 60_000) },
    ]);
    const bounds = { batchSize: 10, maxBatches: 10 };
    const [a, b] = await Promise.all([
      backfillVideoQc(ctx.deps, bounds),
      backfillVideoQc({ ...ctx.deps, queue: otherQueue }, bounds),
    ]);
    expect(a + b).toBe(1);
    expect(await jobsPerVideo([lost.id, recent.id])).toEqual([1, 0]);
    expect(await backfillVideoQc(ctx.deps, bounds)).toBe(0);
  });

  it('stops after its last batch: the rest waits for the next start', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const made = await Promise.all(
      Array.from({ length: 5 }, () => createVideoRow(ctx, owner, { status: 'ready' })),
    );
    const ids = made.map((v) => v.id).sort((x, y) => x - y);
    expect(await backfillVideoQc(ctx.deps, { batchSize: 2, maxBatches: 1 })).toBe(2);
    expect(await jobsPerVideo(ids)).toEqual([1, 1, 0, 0, 0]);
    expect(await backfillVideoQc(ctx.deps, { batchSize: 2, maxBatches: 10 })).toBe(3);
    expect(await jobsPerVideo(ids)).toEqual([1, 1, 1, 1, 1]);
  });

  it('runs when a worker starts its video jobs: two workers starting together queue each check once', async () => {
    const owner = await createUser(ctx, { role: 'creator' });
    const made = await Promise.all(
      Array.from({ length: 4 }, () => createVideoRow(ctx, owner, { status: 'ready' })),
    );
    const ids = made.map((v) => v.id);
    // One after the other: pg-boss's first creation of a queue is not safe to race (deadlock on
    // PostgreSQL); the sweeps each start in the background still run side by side.
    await startVideoJobHandlers(ctx.deps);
    await startVideoJobHandlers({ ...ctx.deps, queue: otherQueue });
    const deadline = Date.now() + 20_000;
    while ((await jobsPerVideo(ids)).some((n) => n === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // The checks run (and fail on these rows' missing files); each was queued once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await jobsPerVideo(ids)).toEqual([1, 1, 1, 1]);
  });
});
