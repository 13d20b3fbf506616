import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { defineJob, startQueue, type JobQueue } from './queue';

/**
 * The queue's workers (jobs/queue.ts): a burst of jobs queued here is worked through at the
 * handlers' pace (not one job per polling interval), and stopping the queue lets the job under
 * way finish and be recorded before the database closes.
 */
describe('job queue workers', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const sql = (text: string, values?: unknown[]) => database.handle.query(text, values);
  const job = defineJob<{ n: number }>({
    name: 'queue-test',
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
  });
  const states = async () =>
    (await sql(`select state, count(*)::int as n from pgboss.job where name = $1 group by 1`, [job.name]))
      .rows;

  beforeEach(async () => {
    database = await createTestDatabase();
    // A poll that never comes during the test: only the wake-ups and the draining can work the jobs.
    queue = await startQueue(database.handle, { log: pino({ level: 'silent' }), pollingIntervalSeconds: 60 });
  });
  afterEach(async () => {
    await queue.stop();
    await database.drop();
  });

  it('works through a burst of queued jobs one after another, without waiting for a poll', async () => {
    const done: number[] = [];
    await queue.work(job, async ({ n }) => void done.push(n));
    for (let n = 1; n <= 20; n++) await queue.send(job, { n });
    const deadline = Date.now() + 15_000;
    while (done.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await states()).toEqual([{ state: 'completed', n: 20 }]);
  });

  it('lets the job under way finish and records it before stopping', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.work(job, async () => {
      started();
      await new Promise((r) => setTimeout(r, 500));
    });
    await queue.send(job, { n: 1 });
    await running;
    await queue.stop();
    expect(await states()).toEqual([{ state: 'completed', n: 1 }]);
  });
});
