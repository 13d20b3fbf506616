import type { AppDeps } from '../app-deps';
import { createEmailSender, sendEmailJob } from './send-email.job';
import { startAccountJobHandlers } from '../modules/accounts';
import { startVideoJobHandlers } from '../modules/videos';
import { startEntryJobHandlers } from '../modules/entries';
import { createMailNotifier } from '../modules/notifications';

/** Starts every job handler in this process (the app process, or a worker-only process). */
export async function startJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'mailer' | 'log' | 'config' | 'database' | 'storage' | 'metrics'>,
): Promise<void> {
  await deps.queue.work(sendEmailJob, createEmailSender(deps, createMailNotifier(deps)));
  await startVideoJobHandlers(deps);
  await startAccountJobHandlers(deps);
  await startEntryJobHandlers(deps);
}
