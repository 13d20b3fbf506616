import { defineJob } from '../../jobs/queue';
import type { AppDeps } from '../../app-deps';
import { createAccountEmails } from './accounts.emails';
import { findAccountByEmail } from './accounts.repository';

/** A password-reset request; the handler looks the address up, so the request itself reveals nothing. */
export const passwordResetRequestJob = defineJob<{ email: string }>({
  name: 'password-reset-request',
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
});

/** Starts the accounts job handlers (called from jobs/handlers.ts). */
export async function startAccountJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'log' | 'config' | 'database'>,
): Promise<void> {
  const emails = createAccountEmails(deps);
  await deps.queue.work(passwordResetRequestJob, async ({ email }) => {
    const account = await findAccountByEmail(deps.database.db, email);
    if (account) await emails.sendPasswordReset(account);
  });
}
