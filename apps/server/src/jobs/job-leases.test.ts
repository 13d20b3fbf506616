import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { defineJob, startQueue, type JobQueue } from './queue';

/**
 * Leases (issue 18: a processing job killed mid-way is retried and finishes): a job whose worker
 * is gone is failed by another process that works its queue once the lease is stale, and pg-boss
 * retries it there. The fault suite proves it with real processes; here the dead worker is
 * written into the database as it leaves it, on PGlite and PostgreSQL.
 */
describe('job leases', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const sql = (text: string, values?: unknown[]) => database.handle.query(text, values);
  const job = defineJob<{ n: number }>({
    name: 'lease-test',
    retryLimit: 2,
    retryDelaySeconds: 1,
    expireInSeconds: 3600,
  });
  const attempts = new Map<number, number[]>();
  const waitFor = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && !(await check())) await new Promise((r) => setTimeout(r, 100));
    return check();
  };
  /** The job's row as a worker killed mid-job leaves it: active for an hour. */
  const diedRunning = (id: string) =>
    sql(`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where id = $1`, [id]);

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startQueue(database.handle, {
      log: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
      leaseSeconds: 1,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.drop();
  });

  it('retries the job of a worker whose lease went stale, and the job of one that died before its lease', async () => {
    const stale = (await queue.send(job, { n: 1 }))!;
    const unleased = (await queue.send(job, { n: 2 }))!;
    await diedRunning(stale);
    await sql(
      `insert into job_leases (job_id, queue, worker_id, heartbeat_at) values ($1, $2, 'dead-host:1:x', now() - interval '1 hour')`,
      [stale, job.name],
    );
    await diedRunning(unleased);

    await queue.work(job, async (data, meta) => {
      attempts.set(data.n, [...(attempts.get(data.n) ?? []), meta.attempt]);
    });
    const states = async () =>
      (
        await sql(`select data->>'n' as n, state, retry_count from pgboss.job where name = $1 order by 1`, [
          job.name,
        ])
      ).rows;
    expect(await waitFor(async () => (await states()).every((row) => row.state === 'completed'))).toBe(true);
    expect(await states()).toEqual([
      { n: '1', state: 'completed', retry_count: 1 },
      { n: '2', state: 'completed', retry_count: 1 },
    ]);
    expect(Object.fromEntries(attempts)).toEqual({ 1: [2], 2: [2] });
    expect((await sql('select count(*)::int as n from job_leases')).rows[0]!.n).toBe(0);
  });

  it('keeps the lease of a job that runs longer than the lease, and never retries it', async () => {
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    const slow = defineJob<{ n: number }>({ ...job, name: 'lease-test-slow' });
    let runs = 0;
    await queue.work(slow, async () => {
      runs += 1;
      await running;
    });
    const id = (await queue.send(slow, { n: 3 }))!;
    expect(await waitFor(() => runs === 1)).toBe(true);
    // Three leases long: renewed all along, so no sweep takes it.
    await new Promise((r) => setTimeout(r, 3_000));
    const lease = await sql('select worker_id from job_leases where job_id = $1', [id]);
    expect(lease.rows).toHaveLength(1);
    release();
    const done = async () =>
      (await sql('select state, retry_count from pgboss.job where id = $1', [id])).rows[0];
    expect(await waitFor(async () => (await done())?.state === 'completed')).toBe(true);
    expect(await done()).toEqual({ state: 'completed', retry_count: 0 });
    expect(runs).toBe(1);
    expect((await sql('select count(*)::int as n from job_leases')).rows[0]!.n).toBe(0);
  });
});
