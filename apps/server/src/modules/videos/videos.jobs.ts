import type { AppDeps } from '../../app-deps';
import { defineJob } from '../../jobs/queue';
import { processVideo } from './videos.processing';
import { backfillVideoQc, runVideoQc, videoQcJob } from './video-qc';

/** Turns an uploaded video into metadata, a poster, a looping preview and its playback renditions. */
export const processVideoJob = defineJob<{ videoId: number }>({
  name: 'process-video',
  retryLimit: 2,
  retryDelaySeconds: 20,
  // Each ffmpeg step has its own shorter limit (renditions: 12 s per second of video, at least
  // 5 min); this is the backstop, long enough for the whole ladder of a long 4K upload on a busy
  // 2-core worker, so a job still running is never handed to a second worker. A worker that dies
  // mid-job is noticed sooner, by its lease (JOB_LEASE_SECONDS, jobs/queue.ts).
  expireInSeconds: 4 * 60 * 60,
});

/** Starts the videos job handlers (called from jobs/handlers.ts). */
export async function startVideoJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'database' | 'storage' | 'config' | 'log' | 'metrics'>,
): Promise<void> {
  await deps.queue.work(processVideoJob, (data, meta) =>
    processVideo(deps, data.videoId, {
      lastAttempt: meta.attempt > processVideoJob.retryLimit,
      retry: meta.attempt > 1,
      metrics: deps.metrics,
    }),
  );
  await deps.queue.work(videoQcJob, (data, meta) =>
    runVideoQc(deps, data.videoId, { lastAttempt: meta.attempt > videoQcJob.retryLimit }),
  );
  // Videos processed before the check existed (or seeded without a queue) get theirs now: in the
  // background, so the worker starts taking jobs at once; a failed sweep waits for the next start.
  void backfillVideoQc(deps).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'the technical check backfill stopped'),
  );
}
