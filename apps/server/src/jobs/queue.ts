import { randomUUID } from 'node:crypto';
import os from 'node:os';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import type { Metrics } from '../lib/metrics';
import { currentRequestId, REQUEST_ID_LOG_LABEL, runForRequest } from '../lib/request-context';
import { claimStaleLeases, handBackJob, releaseLease, renewLease, takeLease } from './job-leases';

/** A kind of background job: its name and how it is retried. */
export interface JobDefinition<TData extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * A job still running after this long is failed and retried (a backstop: a job whose process
   * died is retried once its lease is stale, after JOB_LEASE_SECONDS).
   */
  expireInSeconds: number;
  /** Type marker only. */
  readonly _data?: TData;
}

export function defineJob<TData extends object>(
  definition: Omit<JobDefinition<TData>, '_data'>,
): JobDefinition<TData> {
  return definition;
}

export type JobHandler<TData> = (data: TData, meta: { id: string; attempt: number }) => Promise<void>;

export interface JobQueue {
  /**
   * Queues a job. Jobs of higher `priority` are taken first (default 0), then the oldest first:
   * the videos service uses it to keep one creator's backlog from starving another's upload.
   * A job queued while serving a request carries that request's id: its log lines name it.
   * `startAfterSeconds`: the job waits that long before a worker may take it (a digest's window).
   */
  send<TData extends object>(
    job: JobDefinition<TData>,
    data: TData,
    options?: { priority?: number; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Starts taking jobs of this kind in this process. */
  work<TData extends object>(job: JobDefinition<TData>, handler: JobHandler<TData>): Promise<void>;
  stop(): Promise<void>;
}

/** For processes and commands that never enqueue work (the admin CLI, seeding, benchmarks). */
export const nullQueue: JobQueue = {
  async send() {
    throw new Error('this process has no job queue');
  },
  async work() {},
  async stop() {},
};

export interface QueueOptions {
  /**
   * How often an idle worker looks for a job queued by another process (default 1 s); a job
   * queued by this process wakes its idle workers at once, and a worker that found a job looks
   * for the next one as soon as it is done.
   */
  pollingIntervalSeconds?: number;
  /**
   * A running job's lease is renewed every third of this; a job whose lease is older (its process
   * died or hangs) is failed, so pg-boss retries it (JOB_LEASE_SECONDS, default 60).
   */
  leaseSeconds?: number;
  /**
   * How long stopping waits for the jobs under way (default 10 s); the ones still running then are
   * handed back to the queue at once, for another worker to take now.
   */
  stopWaitSeconds?: number;
  log: Logger;
  /** Where each job's duration and outcome is recorded (GET /metrics); processes nobody scrapes pass none. */
  metrics?: Pick<Metrics, 'jobFinished'>;
}

/** When the caller gives none (the default of JOB_LEASE_SECONDS, config/env.ts). */
const DEFAULT_LEASE_SECONDS = 60;

/**
 * The job queue lives in the database (pg-boss), on PostgreSQL and on PGlite alike, so any app
 * or worker process connected to the same database shares the work.
 */
export async function startQueue(handle: DatabaseHandle, options: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.query(text, values) },
    schema: 'pgboss',
    // Maintenance and cron are cheap, but one supervisor is enough on the embedded database.
    supervise: true,
    schedule: false,
  });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const leases = jobLeases(handle, boss, options);
  const ensureQueue = async (job: JobDefinition<object>) => {
    if (created.has(job.name)) return;
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds,
    });
    created.add(job.name);
  };

  /** This process's workers, by kind of job: a job queued here wakes an idle one at once. */
  const idle = new Map<string, Set<() => void>>();
  const running = new Set<Promise<void>>();
  let stopping = false;
  let stopped: Promise<void> | undefined;
  const pollingMs = (options.pollingIntervalSeconds ?? 1) * 1000;

  return {
    async send(job, data, sendOptions = {}) {
      const requestId = currentRequestId();
      await ensureQueue(job);
      const tagged = requestId ? { ...data, [REQUEST_ID_FIELD]: requestId } : data;
      const id = await boss.send(job.name, tagged, {
        priority: sendOptions.priority ?? 0,
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
      });
      for (const wake of idle.get(job.name) ?? []) wake();
      return id;
    },
    async work(job, handler) {
      await ensureQueue(job);
      const waiting = idle.get(job.name) ?? new Set();
      idle.set(job.name, waiting);
      /** Until the polling interval ends, or a job of this kind is queued here, or the queue stops. */
      const pause = () =>
        new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, pollingMs);
          waiting.add(wake);
        });
      const loop = async () => {
        while (!stopping) {
          // A worker that found a job looks for the next one at once: a backlog drains at the
          // handlers' pace, not one job per polling interval (pg-boss's own worker waits out its
          // interval after every job).
          if (!(await takeOne(job, handler).catch(reportQueueError))) await pause();
        }
      };
      const worker = loop();
      running.add(worker);
      void worker.finally(() => running.delete(worker));
      leases.watch(job.name);
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        for (const waiting of idle.values()) for (const wake of waiting) wake();
        // The jobs under way finish and are recorded before the queue closes; a job still running
        // after the wait goes back to the queue now, for another worker (a restart costs no lease).
        await Promise.race([Promise.all(running), delay((options.stopWaitSeconds ?? 10) * 1000)]);
        await leases.handBackAll();
        leases.stop();
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      })();
      return stopped;
    },
  };

  function reportQueueError(error: unknown): false {
    options.log.error({ err: error }, 'job queue error');
    return false;
  }

  /**
   * Takes one job of this kind if one is waiting, runs it under its lease and records its outcome
   * (pg-boss retries a failed job by the job's retry rules). False when none was waiting.
   */
  async function takeOne<TData extends object>(job: JobDefinition<TData>, handler: JobHandler<TData>) {
    const [item] = await boss.fetch<TData>(job.name, { batchSize: 1, includeMetadata: true });
    if (!item) return false;
    const { [REQUEST_ID_FIELD]: tag, ...data } = item.data as TData & { [REQUEST_ID_FIELD]?: unknown };
    const requestId = typeof tag === 'string' ? tag : undefined;
    const log = options.log.child({
      job: job.name,
      jobId: item.id,
      attempt: item.retryCount + 1,
      ...(requestId ? { [REQUEST_ID_LOG_LABEL]: requestId } : {}),
    });
    // As part of the request that queued it: the handler's log lines, and the jobs it queues in
    // turn, carry that request's id.
    await runForRequest(requestId, async () => {
      const lease = await leases.hold(item.id, job.name, log);
      const started = performance.now();
      const ran = () => (performance.now() - started) / 1000;
      try {
        await withinSeconds(
          handler(data as TData, { id: item.id, attempt: item.retryCount + 1 }),
          job.expireInSeconds,
        );
        // Handed back meanwhile (this process is stopping): another worker records the job.
        if (lease.handedBack) return;
        options.metrics?.jobFinished(job.name, ran(), 'completed');
        await boss.complete(job.name, item.id);
        log.debug('job done');
      } catch (error) {
        if (lease.handedBack) return;
        options.metrics?.jobFinished(job.name, ran(), 'failed');
        log.warn({ err: error }, 'job failed');
        await boss.fail(job.name, item.id, error as object);
      } finally {
        await lease.end();
      }
    });
    return true;
  }
}

/**
 * The field of a job's data that holds the id of the request that queued it (send() adds it, the
 * worker takes it off before the handler sees the data). Leading underscore: no job's own field.
 */
const REQUEST_ID_FIELD = '_requestId';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The handler's result, or a failure once the job has run longer than its `expireInSeconds`. */
async function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job ran longer than ${seconds} s`)), seconds * 1000);
  });
  try {
    await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Leases of the jobs this process runs, and the sweep that retries the jobs of dead processes.
 * pg-boss 10 retries an `active` job only after its `expireInSeconds`; with leases, a worker
 * killed mid-job (SIGKILL, out of memory, a lost machine) costs JOB_LEASE_SECONDS, not hours.
 * A handler must therefore be safe to run again after a half-done attempt.
 */
function jobLeases(handle: DatabaseHandle, boss: PgBoss, options: QueueOptions) {
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const watched = new Set<string>();
  const held = new Set<{ handBack(): Promise<void> }>();
  let sweeper: NodeJS.Timeout | undefined;
  // When this process last could not reach the database (or started). After a database outage
  // every lease looks stale, the live workers' too, until they renew: the sweep waits one lease
  // of good connection first, so it only ever judges leases their holders could have renewed.
  let troubleAt = Date.now();
  const trouble = () => (troubleAt = Date.now());

  const sweep = async () => {
    if (Date.now() - troubleAt < leaseSeconds * 1000) return;
    const stale = await claimStaleLeases(handle.db, [...watched], leaseSeconds);
    for (const { jobId, queue } of stale) {
      await boss.fail(queue, jobId, {
        message: `its worker stopped renewing its lease for ${leaseSeconds} s (process gone)`,
      });
      options.log.warn({ job: queue, jobId }, 'retrying a job whose worker is gone (stale lease)');
    }
  };

  return {
    /** Records the lease of a job this process starts, and renews it until `end()`. */
    async hold(jobId: string, queue: string, log: Logger) {
      await takeLease(handle.db, jobId, queue, workerId);
      let lost = false;
      const renewing = setInterval(
        () =>
          void renewLease(handle.db, jobId, workerId)
            .then((held) => {
              if (!held && !lost) {
                lost = true;
                log.warn('this job was taken from its worker (lease stale): another attempt may run');
              }
            })
            .catch((error: unknown) => {
              trouble();
              log.debug({ err: error }, 'could not renew the job lease');
            }),
        Math.max(250, (leaseSeconds * 1000) / 3),
      );
      renewing.unref();
      const lease = {
        /** True once the job went back to the queue: its outcome here is no longer recorded. */
        handedBack: false,
        async end() {
          clearInterval(renewing);
          held.delete(lease);
          if (lease.handedBack) return;
          await releaseLease(handle.db, jobId, workerId).catch((error: unknown) =>
            // A lease left behind goes stale and a sweep deletes it (failing a job already
            // completed does nothing; one still active is retried, and handlers may run again).
            log.warn({ err: error }, 'could not end the job lease'),
          );
        },
        async handBack() {
          clearInterval(renewing);
          held.delete(lease);
          lease.handedBack = true;
          const back = await handBackJob(handle.db, jobId, queue, workerId).catch((error: unknown) => {
            // The lease goes stale instead, and a sweep retries the job then.
            log.warn({ err: error }, 'could not hand the job back to the queue');
            return false;
          });
          if (back) log.info('this worker is stopping: the job went back to the queue for another worker');
        },
      };
      held.add(lease);
      return lease;
    },
    /** Hands every job still running here back to the queue (the process is stopping). */
    async handBackAll() {
      await Promise.all([...held].map((lease) => lease.handBack()));
    },
    /** Sweeps for the stale jobs of `queue` too, from now on (every process that works jobs sweeps). */
    watch(queue: string) {
      watched.add(queue);
      sweeper ??= setInterval(
        () =>
          void sweep().catch((error: unknown) => {
            trouble();
            options.log.debug({ err: error }, 'could not sweep stale job leases');
          }),
        Math.max(500, (leaseSeconds * 1000) / 2),
      );
      sweeper.unref();
    },
    stop() {
      clearInterval(sweeper);
      sweeper = undefined;
    },
  };
}
