import type { AppDeps } from '../../app-deps';
import { videoSettledJob } from '../../jobs/video-settled.job';
import { createEntriesService } from './entries.service';

/** Starts the entries job handlers (called from jobs/handlers.ts). */
export async function startEntryJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'database' | 'storage' | 'config' | 'log'>,
): Promise<void> {
  const entries = createEntriesService(deps);
  // An entry submitted while its video was processing moves on when the video settles.
  await deps.queue.work(videoSettledJob, (data) => entries.videoSettled(data.videoId, data.status));
}
