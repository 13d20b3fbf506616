import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { NotificationKind } from '@app/domain';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, added by the send-email job). */
  headers?: Record<string, string>;
  /**
   * The product event the e-mail reports, when it reports one (account and security mails carry
   * none): the send-email job turns it into the recipient's notification (issue 32). Never sent.
   */
  topic?: MailTopic;
}

/** The event an e-mail reports: its kind and the page it concerns (the e-mail's link). */
export interface MailTopic {
  kind: NotificationKind;
  url: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox, so a fresh install can follow its own e-mailed links without a mail server.
 * nodemailer is loaded with the first message: an app process whose mail goes out from worker
 * processes never loads it.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
}): Mailer {
  let loading: Promise<Transporter> | undefined;
  const transport = () =>
    (loading ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (options.smtpUrl) {
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...withoutTopic(message) });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...withoutTopic(message) });
      // Messages carry sign-in links: readable by the platform's own user only.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}

function withoutTopic({ topic: _topic, ...message }: MailMessage): Omit<MailMessage, 'topic'> {
  return message;
}
