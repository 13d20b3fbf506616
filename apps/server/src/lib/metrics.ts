import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { BACKLOG_COUNT_CAP, readQueueBacklog, type QueueBacklog } from '../jobs/queue-backlog';

/**
 * The process's measurements, served as Prometheus text by GET /metrics (plugins/metrics.ts) when
 * METRICS_TOKEN is set. Parts of the app report through these methods; prom-client stays here.
 */
export interface Metrics {
  /** One registry per set of dependencies, never prom-client's global one (tests build many). */
  readonly registry: Registry;
  /** A request arrived; `requestClosed` is called once when its response closes. */
  requestStarted(): void;
  requestClosed(): void;
  /** A request was answered: its route pattern (never the raw URL), method, status and duration. */
  requestAnswered(route: string, method: string, statusCode: number, seconds: number): void;
  /** A job of this kind ran for `seconds` and completed, or failed (it may be retried). */
  jobFinished(kind: string, seconds: number, outcome: 'completed' | 'failed'): void;
  /** ffmpeg made a rendition of a video (`poster`, `preview`, a rung such as `720p`, or several). */
  renditionMade(rendition: string, seconds: number): void;
  /** A live event stream opened; the function returned is called once when it ends. */
  streamOpened(): () => void;
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** 50 ms to an hour: an e-mail takes well under a second, a long upload's whole ladder hours. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 30, 60, 300, 900, 3600];
const RENDITION_BUCKETS = [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/**
 * Builds the registry and every metric on it. Queue backlogs and the database pool are read when
 * Prometheus scrapes (one query for every queue), so they cost nothing between scrapes.
 */
export function createMetrics(database: Pick<DatabaseHandle, 'query' | 'pool'>): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Event-loop lag, heap and resident memory, CPU, handles, GC.
  collectDefaultMetrics({ register: registry });

  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered (open event streams among them)',
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers,
  });
  // The request hook's one piece of work is an observe on a child found by one Map lookup.
  const series = new Map<string, Histogram.Internal<'route' | 'method' | 'status_class'>>();

  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a job ran, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Job attempts that failed (thrown or over time), by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const renditionSeconds = new Histogram({
    name: 'video_processing_seconds',
    help: 'ffmpeg time to make a rendition of an uploaded video (poster, preview, ladder rungs)',
    labelNames: ['rendition'] as const,
    buckets: RENDITION_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: 'event_streams_open',
    help: 'Live update streams (Server-Sent Events) open on this process',
    registers,
  });

  // node-postgres's pool; the embedded database has no pool (one connection inside the process).
  // Registered before the queue gauges, so a scrape reads the pool before its own query takes a
  // connection from it.
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections in use and idle, and requests waiting for one (0 on PGlite)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.pool;
      this.set({ state: 'in_use' }, pool ? pool.totalCount - pool.idleCount : 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
      this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Connections the database pool may open (0 on PGlite)',
    registers,
    collect() {
      this.set(database.pool?.options.max ?? 0);
    },
  });

  let backlog: Promise<QueueBacklog[] | undefined> | undefined;
  /** The one query of a scrape: both queue gauges ask in the same tick and share its answer. */
  const readBacklog = () =>
    (backlog ??= readQueueBacklog(database)
      // The database away: the queue gauges show a gap, the process's own figures still answer.
      .catch(() => undefined)
      .finally(() => (backlog = undefined)));
  const queueGauge = (name: string, help: string, pick: (row: QueueBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const rows = await readBacklog();
        this.reset();
        for (const row of rows ?? []) this.set({ queue: row.queue }, pick(row));
      },
    });
  queueGauge(
    'job_queue_depth',
    `Jobs waiting to run (counted up to ${BACKLOG_COUNT_CAP})`,
    (row) => row.waiting,
  );
  queueGauge(
    'job_queue_oldest_age_seconds',
    'Seconds the job ready to run longest has waited',
    (row) => row.oldestSeconds,
  );
  queueGauge('job_queue_running', 'Jobs running now in any process', (row) => row.running);

  return {
    registry,
    requestStarted: () => inFlight.inc(),
    requestClosed: () => inFlight.dec(),
    requestAnswered(route, method, statusCode, seconds) {
      const statusClass = STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? '5xx';
      const key = `${method} ${statusClass} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = duration.labels(route, method, statusClass);
        series.set(key, child);
      }
      child.observe(seconds);
    },
    jobFinished(kind, seconds, outcome) {
      jobDuration.observe({ kind, outcome }, seconds);
      if (outcome === 'failed') jobFailures.inc({ kind });
    },
    renditionMade: (rendition, seconds) => renditionSeconds.observe({ rendition }, seconds),
    streamOpened() {
      streams.inc();
      let open = true;
      return () => {
        if (open) streams.dec();
        open = false;
      };
    },
  };
}
