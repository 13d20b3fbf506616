import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { defineJob, startQueue, type JobQueue } from './queue';

/**
 * A worker that is stopped (a rolling restart's SIGTERM) while a job runs: it waits a bounded time,
 * then hands the job back to the queue at once, so another worker runs it now rather than after
 * the job's lease goes stale (JOB_LEASE_SECONDS). Two queues on one database stand for two worker
 * processes; PGlite and PostgreSQL alike.
 */
describe('a stopping worker', () => {
  let database: TestDatabase;
  const queues: JobQueue[] = [];
  const log = pino({ level: 'silent' });
  const sql = (text: string, values?: unknown[]) => database.handle.query(text, values);
  // No retry left: a job handed back must not use one up, or it would fail for good here.
  const job = defineJob<{ n: number }>({
    name: 'stop-test',
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  });
  const LEASE_SECONDS = 60;
  const worker = async () => {
    const queue = await startQueue(database.handle, {
      log,
      pollingIntervalSeconds: 0.2,
      leaseSeconds: LEASE_SECONDS,
      stopWaitSeconds: 0.5,
    });
    queues.push(queue);
    return queue;
  };
  const row = async (id: string) =>
    (await sql('select state, retry_count from pgboss.job where id = $1', [id])).rows[0] as
      { state: string; retry_count: number } | undefined;
  const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && !(await check())) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    await database.drop();
  });

  it('hands a job it cannot finish back at once: another worker runs it long before the lease would go stale', async () => {
    const first = await worker();
    const attempts: Array<[string, number]> = [];
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let finishFirst!: () => void;
    const firstRunning = new Promise<void>((resolve) => (finishFirst = resolve));
    await first.work(job, async (_data, meta) => {
      attempts.push(['first', meta.attempt]);
      firstStarted();
      await firstRunning;
    });
    const id = (await first.send(job, { n: 1 }))!;
    await started;

    const stopping = Date.now();
    await first.stop();
    const stopSeconds = (Date.now() - stopping) / 1000;
    // Back in the queue, its lease gone: nothing waits for a sweep.
    expect((await row(id))?.state).toBe('retry');
    expect((await sql('select count(*)::int as n from job_leases')).rows[0]!.n).toBe(0);

    let finishSecond!: () => void;
    const secondRunning = new Promise<void>((resolve) => (finishSecond = resolve));
    const second = await worker();
    await second.work(job, async (_data, meta) => {
      attempts.push(['second', meta.attempt]);
      await secondRunning;
    });
    expect(await until(() => attempts.length === 2)).toBe(true);
    const takenOverSeconds = (Date.now() - stopping) / 1000;

    // The first attempt ends late (its process would be gone by now): it records nothing, so it
    // never completes the job the second worker is running.
    finishFirst();
    await new Promise((r) => setTimeout(r, 500));
    expect((await row(id))?.state).toBe('active');
    finishSecond();
    expect(await until(async () => (await row(id))?.state === 'completed')).toBe(true);

    expect(attempts).toEqual([
      ['first', 1],
      ['second', 2],
    ]);
    expect(stopSeconds).toBeLessThan(5);
    expect(takenOverSeconds).toBeLessThan(LEASE_SECONDS / 4);
  });

  it('lets a job that ends within the wait finish and records it once, without handing it back', async () => {
    const queue = await worker();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    await queue.work(job, async () => {
      runs += 1;
      started();
      await new Promise((r) => setTimeout(r, 200));
    });
    const id = (await queue.send(job, { n: 2 }))!;
    await running;
    await queue.stop();
    expect(await row(id)).toEqual({ state: 'completed', retry_count: 0 });
    expect(runs).toBe(1);
  });
});
