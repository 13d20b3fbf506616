import type { AppDeps } from '../../app-deps';
import { defineJob } from '../../jobs/queue';
import { processVideo } from './videos.processing';

/** Turns an uploaded video into metadata, a poster and a looping preview. */
export const processVideoJob = defineJob<{ videoId: number }>({
  name: 'process-video',
  retryLimit: 2,
  retryDelaySeconds: 20,
  // Each ffmpeg step has its own shorter limit; this is the backstop.
  expireInSeconds: 15 * 60,
});

/** Starts the videos job handlers (called from jobs/handlers.ts). */
export async function startVideoJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'database' | 'storage' | 'config' | 'log'>,
): Promise<void> {
  await deps.queue.work(processVideoJob, (data, meta) =>
    processVideo(deps, data.videoId, { lastAttempt: meta.attempt > processVideoJob.retryLimit }),
  );
}
