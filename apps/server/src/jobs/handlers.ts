import type { AppDeps } from '../app-deps';
import { createEmailSender, sendEmailJob } from './send-email.job';
import { startAccountJobHandlers } from '../modules/accounts';
import { startVideoJobHandlers } from '../modules/videos';
import { startEntryJobHandlers } from '../modules/entries';
import { startLicenceJobHandlers } from '../modules/delivery';
import { createMailNotifier } from '../modules/notifications';
import { startConversationJobHandlers } from '../modules/conversations';
import type { Services } from '../modules';

/**
 * Starts every job handler in this process (the app process, or a worker-only process), with the
 * services of the composition root.
 */
export async function startJobHandlers(
  deps: AppDeps,
  services: Pick<Services, 'entries' | 'licences'>,
): Promise<void> {
  await deps.queue.work(sendEmailJob, createEmailSender(deps, createMailNotifier(deps)));
  await startVideoJobHandlers(deps);
  await startAccountJobHandlers(deps);
  await startEntryJobHandlers(deps, services.entries);
  await startLicenceJobHandlers(deps, services.licences);
  await startConversationJobHandlers(deps);
}
