import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * Who is running a job right now (issue 18): one row per running job, renewed every few seconds by
 * the process that runs it. pg-boss 10 has no heartbeat, and a job whose process died would stay
 * `active` until its `expireInSeconds` (hours for video processing); every process that works
 * jobs fails the job of a lease not renewed for JOB_LEASE_SECONDS, so pg-boss retries it
 * (jobs/queue.ts, jobs/job-leases.ts).
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    /** pg-boss's job id (kept across the job's retries). */
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** The process holding it: host, pid and a random part. */
    workerId: text('worker_id').notNull(),
    heartbeatAt: timestampTz('heartbeat_at').notNull().defaultNow(),
  },
  (t) => [index('job_leases_heartbeat_idx').on(t.heartbeatAt)],
);
