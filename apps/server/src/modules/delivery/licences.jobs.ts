import type { AppDeps } from '../../app-deps';
import { defineJob } from '../../jobs/queue';
import type { LicencesService } from './licences.service';

/** The sweep that sends the licences' expiry reminders (30 and 7 days before the end). */
export const licenceRemindersJob = defineJob<Record<string, never>>({
  name: 'licence-reminders',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
});

/** How often each working process queues the sweep (any number of sweeps send each reminder once). */
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Works the reminder sweep in this process and queues it now and every hour. Every process that
 * works jobs queues it: the sweep claims each reminder in one statement, so extra sweeps cost a
 * query and send nothing twice. The timer does not keep the process alive.
 */
export async function startLicenceJobHandlers(
  deps: Pick<AppDeps, 'queue' | 'log'>,
  licences: LicencesService,
): Promise<void> {
  await deps.queue.work(licenceRemindersJob, async () => {
    await licences.sendExpiryReminders();
  });
  const queueSweep = () =>
    void deps.queue
      .send(licenceRemindersJob, {})
      .catch((error: unknown) => deps.log.error({ err: error }, 'could not queue the licence reminders'));
  queueSweep();
  setInterval(queueSweep, SWEEP_EVERY_MS).unref();
}
