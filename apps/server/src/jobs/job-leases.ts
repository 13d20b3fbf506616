import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobLeases } from '../db/schema/index';

/**
 * The lease queries of jobs/queue.ts (table `job_leases`). Times are the database's clock
 * (`now()`), so processes on machines whose clocks differ agree on what is stale.
 */

/** Records that `workerId` runs job `jobId` now (a retried job reuses its id: the row is taken over). */
export async function takeLease(db: Database, jobId: string, queue: string, workerId: string): Promise<void> {
  await db
    .insert(jobLeases)
    .values({ jobId, queue, workerId })
    .onConflictDoUpdate({
      target: jobLeases.jobId,
      set: { queue, workerId, heartbeatAt: sql`now()` },
    });
}

/** Renews the lease; false when it is no longer this worker's (a sweeper judged it stale). */
export async function renewLease(db: Database, jobId: string, workerId: string): Promise<boolean> {
  const renewed = await db
    .update(jobLeases)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(jobLeases.jobId, jobId), eq(jobLeases.workerId, workerId)))
    .returning({ jobId: jobLeases.jobId });
  return renewed.length > 0;
}

/** Ends this worker's lease on the job (never another worker's, which took the job over). */
export async function releaseLease(db: Database, jobId: string, workerId: string): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.jobId, jobId), eq(jobLeases.workerId, workerId)));
}

/**
 * Claims the jobs whose worker is gone, deleting their leases (each is returned to one sweeper
 * only): leases not renewed for `staleSeconds`, and — first turned into such leases — jobs of
 * `queues` that pg-boss has had `active` for that long with no lease at all (their process died
 * between taking the job and recording its lease, or between ending the lease and completing it).
 */
export async function claimStaleLeases(
  db: Database,
  queues: string[],
  staleSeconds: number,
): Promise<Array<{ jobId: string; queue: string }>> {
  if (queues.length) {
    await db.execute(sql`
      insert into job_leases (job_id, queue, worker_id, heartbeat_at)
      select j.id, j.name, 'none', '-infinity'::timestamptz
      from pgboss.job j
      where j.state = 'active'
        and j.name in (${sql.join(
          queues.map((queue) => sql`${queue}`),
          sql`, `,
        )})
        and j.started_on < now() - make_interval(secs => ${staleSeconds})
        and not exists (select 1 from job_leases l where l.job_id = j.id)
      on conflict (job_id) do nothing`);
  }
  return db
    .delete(jobLeases)
    .where(sql`${jobLeases.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`)
    .returning({ jobId: jobLeases.jobId, queue: jobLeases.queue });
}

/**
 * Hands a job this worker is running back to the queue at once (the worker is stopping and will not
 * finish it): ends the lease and makes the job available to any worker now, as a retry that does not
 * count against the job's retries (pg-boss's own `retry` raises the limit by one the same way; the
 * next fetch counts the attempt). Nothing happens when the lease is no longer this worker's (a
 * sweep judged it stale and another worker may run the job). True when the job was handed back.
 */
export async function handBackJob(
  db: Database,
  jobId: string,
  queue: string,
  workerId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    with released as (
      delete from job_leases where job_id = ${jobId} and worker_id = ${workerId} returning job_id
    )
    update pgboss.job j
    set state = 'retry', start_after = now(), retry_limit = j.retry_limit + 1
    from released
    where j.name = ${queue} and j.id = released.job_id and j.state = 'active'
    returning j.id`);
  return result.rows.length > 0;
}
