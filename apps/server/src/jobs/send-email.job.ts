import { defineJob } from './queue';
import type { MailMessage } from '../mail/mailer';

/** Every e-mail goes through the queue, so a mail server hiccup is retried, not lost. */
export const sendEmailJob = defineJob<MailMessage>({
  name: 'send-email',
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
});
