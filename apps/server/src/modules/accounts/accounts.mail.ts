import type { AppDeps } from '../../app-deps';
import type { MailMessage } from '../../mail/mailer';
import { sendEmailJob } from '../../jobs/send-email.job';
import { createLinkTokens, encodeUid, type AccountState } from './account-tokens';
import { passwordResetEmail, verificationEmail, welcomeEmail } from './accounts.emails';

/**
 * Queues the account e-mails. Every link is built from PUBLIC_URL, never from request headers.
 * Without SMTP_URL mail only reaches DATA_DIR/outbox, so the link is also logged once for a local
 * user to find; with SMTP it never is.
 */
export function createAccountMail(deps: Pick<AppDeps, 'config' | 'queue' | 'log'>) {
  const { config, queue, log } = deps;
  const links = createLinkTokens(config.JWT_SECRET);

  async function send(message: MailMessage, link: string) {
    await queue.send(sendEmailJob, message);
    if (!config.SMTP_URL) log.info({ to: message.to }, `e-mail queued to the outbox; its link: ${link}`);
  }

  return {
    links,
    async sendVerification(account: AccountState) {
      const url = `${config.PUBLIC_URL}/verify-email/${encodeUid(account.id)}/${links.make('verify-email', account)}`;
      await send(verificationEmail(account.email, url, Math.round(config.VERIFY_TOKEN_TTL / 86400)), url);
    },
    async sendPasswordReset(account: AccountState) {
      const url = `${config.PUBLIC_URL}/reset-password/${encodeUid(account.id)}/${links.make('reset-password', account)}`;
      await send(passwordResetEmail(account.email, url, Math.round(config.RESET_TOKEN_TTL / 60)), url);
    },
    async sendWelcome(email: string) {
      const url = `${config.PUBLIC_URL}/creator-dashboard`;
      await send(welcomeEmail(email, url), url);
    },
  };
}
