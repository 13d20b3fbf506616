import type { DatabaseHandle } from '../db/client';

/** What waits in one queue of the database's job queue (pg-boss), as GET /metrics reports it. */
export interface QueueBacklog {
  queue: string;
  /** Jobs waiting to run (new, or failed and waiting for their retry), counted up to `cap`. */
  waiting: number;
  /** Seconds the job that has been ready to run longest has waited (0 when none is ready). */
  oldestSeconds: number;
  /** Jobs running now, in any process (their leases, jobs/job-leases.ts). */
  running: number;
}

/** Counting stops here: a scrape during a huge backlog still costs a bounded index scan a queue. */
export const BACKLOG_COUNT_CAP = 10_000;

/**
 * Every queue's backlog in one query, on the database's clock. Each figure walks pg-boss's index
 * of the jobs not yet started (`job_i5`: name, start_after — completed jobs are never read), so
 * the cost follows the number of queues and the waiting jobs up to the cap, not the history.
 */
export async function readQueueBacklog(
  handle: Pick<DatabaseHandle, 'query'>,
  cap = BACKLOG_COUNT_CAP,
): Promise<QueueBacklog[]> {
  const { rows } = await handle.query(
    `select q.name as queue,
       (select count(*)::int from (
          select 1 from pgboss.job j where j.name = q.name and j.state < 'active' limit $1) w) as waiting,
       coalesce((select extract(epoch from now() - j.start_after)::float8 from pgboss.job j
          where j.name = q.name and j.state < 'active' and j.start_after <= now()
          order by j.start_after limit 1), 0) as oldest_seconds,
       (select count(*)::int from job_leases l where l.queue = q.name) as running
     from pgboss.queue q
     order by q.name`,
    [cap],
  );
  return rows.map((row) => ({
    queue: String(row.queue),
    waiting: Number(row.waiting),
    oldestSeconds: Number(row.oldest_seconds),
    running: Number(row.running),
  }));
}
