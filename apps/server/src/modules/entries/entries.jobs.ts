import type { AppDeps } from '../../app-deps';
import { videoSettledJob } from '../../jobs/video-settled.job';
import type { EntriesService } from './entries.service';

/** Starts the entries job handlers (called from jobs/handlers.ts). */
export async function startEntryJobHandlers(
  deps: Pick<AppDeps, 'queue'>,
  entries: EntriesService,
): Promise<void> {
  // An entry submitted while its video was processing moves on when the video settles.
  await deps.queue.work(videoSettledJob, (data) => entries.videoSettled(data.videoId, data.status));
}
