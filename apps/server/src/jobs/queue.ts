import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';

/** A kind of background job: its name and how it is retried. */
export interface JobDefinition<TData extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still running after this long is failed and retried. */
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
   */
  send<TData extends object>(
    job: JobDefinition<TData>,
    data: TData,
    options?: { priority?: number },
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
  pollingIntervalSeconds?: number;
  log: Logger;
}

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

  return {
    async send(job, data, sendOptions = {}) {
      await ensureQueue(job);
      return boss.send(job.name, data, {
        priority: sendOptions.priority ?? 0,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
      });
    },
    async work(job, handler) {
      await ensureQueue(job);
      await boss.work(
        job.name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          batchSize: 1,
          includeMetadata: true,
        },
        async (jobs) => {
          for (const item of jobs) {
            const log = options.log.child({ job: job.name, jobId: item.id, attempt: item.retryCount + 1 });
            try {
              await handler(item.data as never, { id: item.id, attempt: item.retryCount + 1 });
              log.debug('job done');
            } catch (error) {
              log.warn({ err: error }, 'job failed');
              throw error;
            }
          }
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
