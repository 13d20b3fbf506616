import type { AppDeps } from '../app';
import { sendEmailJob } from './send-email.job';
import { startAccountJobHandlers } from '../modules/accounts/accounts.jobs';

/** Starts every job handler in this process (the app process, or a worker-only process). */
export async function startJobHandlers(deps: Pick<AppDeps, 'queue' | 'mailer' | 'log' | 'config' | 'database'>): Promise<void> {
  await deps.queue.work(sendEmailJob, (message) => deps.mailer.send(message));
  await startAccountJobHandlers(deps);
}
