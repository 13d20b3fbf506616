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
