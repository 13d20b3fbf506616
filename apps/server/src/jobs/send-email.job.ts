import type { AppDeps } from '../app-deps';
import type { MailMessage } from '../mail/mailer';
import { defineJob, type JobHandler } from './queue';

/**
 * A queued e-mail. One that carries a link (verification, reset, e-mail change, invitation) says
 * when the link dies: an e-mail still queued then is dropped, never sent.
 */
export type QueuedEmail = MailMessage & { linkExpiresAt?: string };

/** Every e-mail goes through the queue, so a mail server hiccup is retried, not lost. */
export const sendEmailJob = defineJob<QueuedEmail>({
  name: 'send-email',
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
});

export type BeforeSend = (
  message: QueuedEmail,
  jobId: string,
) => Promise<{ send: boolean; headers?: Record<string, string> }>;

/** What is left of a job's e-mail once it was sent, dropped or failed for good: no body, no link. */
function redacted(message: QueuedEmail, outcome: string) {
  return { to: message.to, subject: message.subject, text: `[${outcome}; body removed]`, html: '' };
}

/**
 * The send-email handler. Job rows stay in the database (pg-boss keeps completed and failed jobs,
 * then archives them for days), so the body — and the link in it — is removed from the row as soon
 * as the e-mail is sent, dropped (its link expired while it waited) or failed for good: a queued
 * body never outlives its link (issue 18 L4).
 */
export function createEmailSender(
  deps: Pick<AppDeps, 'mailer' | 'database' | 'log'>,
  /**
   * Asked before each e-mail is sent (jobs/handlers.ts passes the notifications module's): it may
   * record what the e-mail reports, hold the e-mail back (its category is turned off) or add
   * headers (one-click unsubscribe).
   */
  beforeSend: BeforeSend = async () => ({ send: true }),
): JobHandler<QueuedEmail> {
  const scrub = (id: string, message: QueuedEmail, outcome: string) =>
    deps.database.query('UPDATE pgboss.job SET data = $2 WHERE id = $1', [
      id,
      JSON.stringify(redacted(message, outcome)),
    ]);
  return async (message, meta) => {
    if (message.linkExpiresAt && Date.parse(message.linkExpiresAt) <= Date.now()) {
      deps.log.warn({ jobId: meta.id }, 'e-mail dropped: its link expired before it could be sent');
      await scrub(meta.id, message, 'dropped: link expired');
      return;
    }
    const { linkExpiresAt: _expiry, topic: _topic, ...mail } = message;
    const decision = await beforeSend(message, meta.id);
    if (!decision.send) {
      await scrub(meta.id, message, 'not sent: turned off by the recipient');
      return;
    }
    try {
      await deps.mailer.send(
        decision.headers ? { ...mail, headers: { ...mail.headers, ...decision.headers } } : mail,
      );
    } catch (error) {
      if (meta.attempt > sendEmailJob.retryLimit) await scrub(meta.id, message, 'failed');
      throw error;
    }
    await scrub(meta.id, message, 'sent');
  };
}
