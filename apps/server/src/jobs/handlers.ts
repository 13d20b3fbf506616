import type { AppDeps } from '../app-deps';
import { sendEmailJob } from './send-email.job';
import { processVideoJob } from './process-video.job';
import { processVideo } from './process-video.handler';
import { startAccountJobHandlers } from '../modules/accounts/accounts.jobs';

/** Starts every job handler in this process (the app process, or a worker-only process). */
export async function startJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'mailer' | 'log' | 'config' | 'database' | 'storage'>,
): Promise<void> {
  await deps.queue.work(sendEmailJob, (message) => deps.mailer.send(message));
  await deps.queue.work(processVideoJob, (data, meta) => processVideo(deps, data.videoId, meta.attempt));
  await startAccountJobHandlers(deps);
}
