/** Load generation and measurement for the extended benchmark (bench/full/run.ts). */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface Round {
  p50: number;
  p99: number;
  /** Answered requests per second. */
  rps: number;
  /** Failed requests and answers that were not 2xx. */
  errors: number;
  requests: number;
  seconds: number;
  /** Peak resident memory of the server process during the round, in MB. */
  rssMb: number;
  /** 1-minute load average when the round started. */
  load: number;
  /**
   * The server process's CPU time (user + system) per answered request, in ms: the work one
   * request costs the server, which a busy shared machine changes far less than latency or req/s.
   */
  cpuMs: number;
  /** With `requests`: each request's HTTP status (0 when it failed) and answer, in sending order. */
  statuses?: number[];
  answers?: string[];
}

/** One request of an open loop that sends different requests (a POST's body, its own token). */
export interface LoadRequest {
  method?: string;
  /** Over the loop's shared headers. */
  headers?: Record<string, string>;
  body?: string;
}

/** A process's CPU time so far (user + system), in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MB (Linux /proc), 0 when unreadable. */
export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 250 ms while `work` runs; returns the work's result and the peak. */
async function withPeakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, number, number]> {
  let peak = rssMb(pid);
  const cpuBefore = cpuMs(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  try {
    const result = await work();
    return [result, Math.max(peak, rssMb(pid)), cpuMs(pid) - cpuBefore];
  } finally {
    clearInterval(timer);
  }
}

const quantile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

/**
 * A fixed rate as clients really arrive: one request every 1/rate s, each sent on schedule whether
 * or not earlier ones have finished, and timed from its scheduled start (a slow answer cannot hide
 * the requests queued behind it). The requests are sent from a worker thread of their own
 * (open-loop.worker.mjs), so that this process's own pauses are not counted as the server's.
 * With `requests`, the i-th request is requests[i % length], and the round keeps every request's
 * status and answer.
 */
export async function openLoop(
  url: string,
  rate: number,
  seconds: number,
  headers: Record<string, string>,
  pid?: number,
  requests?: LoadRequest[],
): Promise<Round> {
  const load = os.loadavg()[0]!;
  const [result, peak, cpu] = await withPeakRss(pid, async () => {
    const worker = new Worker(new URL('./open-loop.worker.mjs', import.meta.url), {
      workerData: { url, rate, seconds, headers, requests },
    });
    try {
      return await new Promise<{
        latencies: number[];
        errors: number;
        elapsed: number;
        statuses: number[] | null;
        answers: string[] | null;
      }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the open loop's worker exited (${code})`)));
      });
    } finally {
      await worker.terminate();
    }
  });
  const sorted = result.latencies.sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    rps: Math.round(sorted.length / result.elapsed),
    errors: result.errors,
    requests: sorted.length,
    seconds: result.elapsed,
    rssMb: peak,
    load,
    cpuMs: sorted.length ? cpu / sorted.length : 0,
    ...(result.statuses ? { statuses: result.statuses } : {}),
    ...(result.answers ? { answers: result.answers } : {}),
  };
}

/** Saturation: 10 connections back to back (autocannon) for `seconds`. */
export async function saturate(
  url: string,
  seconds: number,
  headers: Record<string, string>,
  pid?: number,
): Promise<Round> {
  const load = os.loadavg()[0]!;
  const [result, peak, cpu] = await withPeakRss(pid, () =>
    autocannon({ url, connections: 10, duration: seconds, headers }),
  );
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.total / result.duration),
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    seconds: result.duration,
    rssMb: peak,
    load,
    cpuMs: result.requests.total ? cpu / result.requests.total : 0,
  };
}

/** A short unrecorded burst: JIT, prepared statements and caches warm in both servers alike. */
export async function warm(url: string, headers: Record<string, string>): Promise<void> {
  await autocannon({ url, connections: 10, duration: 1, headers });
}
