import { safeNextPath, type InvitableRole } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import type { MailMessage } from '../../mail/mailer';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';
import { createLinkTokens, encodeUid, type AccountState } from './account-tokens';

export function verificationEmail(to: string, link: string, ttlDays: number): MailMessage {
  return renderEmail({
    to,
    subject: `Verify your e-mail address for ${PRODUCT_NAME}`,
    title: 'Verify your e-mail address',
    paragraphs: [
      'Welcome! Please confirm your e-mail address to activate your account.',
      `The link works once and expires in ${ttlDays} day${ttlDays === 1 ? '' : 's'}.`,
      'If you did not create an account, you can ignore this e-mail.',
    ],
    action: { label: 'Verify e-mail', url: link },
  });
}

export function passwordResetEmail(to: string, link: string, ttlMinutes: number): MailMessage {
  return renderEmail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    title: 'Reset your password',
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your account.',
      `The link works once and expires in ${ttlMinutes} minutes.`,
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ],
    action: { label: 'Reset password', url: link },
  });
}

export function welcomeEmail(to: string, dashboardUrl: string): MailMessage {
  return renderEmail({
    to,
    subject: `Welcome to ${PRODUCT_NAME}`,
    title: 'Welcome!',
    paragraphs: [
      'Your account was created with Google sign-in. Welcome aboard!',
      'Complete your profile, browse the contests and upload your first video.',
    ],
    action: { label: 'Open your dashboard', url: dashboardUrl },
  });
}

/**
 * Queues the account e-mails. Every link is built from PUBLIC_URL, never from request headers.
 * Without SMTP_URL mail only reaches DATA_DIR/outbox, so the link is also logged once for a local
 * user to find; with SMTP it never is.
 */
export function createAccountEmails(deps: Pick<AppDeps, 'config' | 'queue' | 'log'>) {
  const { config, queue, log } = deps;
  const links = createLinkTokens(config.JWT_SECRET);

  /** Queues `message`; a link that dies after `ttlSeconds` takes the queued e-mail with it. */
  async function send(message: MailMessage, link: string, ttlSeconds?: number) {
    const linkExpiresAt = ttlSeconds ? new Date(Date.now() + ttlSeconds * 1000).toISOString() : undefined;
    await queue.send(sendEmailJob, { ...message, ...(linkExpiresAt ? { linkExpiresAt } : {}) });
    if (!config.SMTP_URL) log.info({ to: message.to }, `e-mail queued to the outbox; its link: ${link}`);
  }

  return {
    /** `next`: a same-site path the verification page offers to return to (checked again there). */
    async sendVerification(account: AccountState, next?: string) {
      const safe = safeNextPath(next);
      const back = safe ? `?next=${encodeURIComponent(safe)}` : '';
      const url = `${config.PUBLIC_URL}/verify-email/${encodeUid(account.id)}/${links.make('verify-email', account)}${back}`;
      await send(
        verificationEmail(account.email, url, Math.round(config.VERIFY_TOKEN_TTL / 86400)),
        url,
        config.VERIFY_TOKEN_TTL,
      );
    },
    async sendPasswordReset(account: AccountState) {
      const url = `${config.PUBLIC_URL}/reset-password/${encodeUid(account.id)}/${links.make('reset-password', account)}`;
      await send(
        passwordResetEmail(account.email, url, Math.round(config.RESET_TOKEN_TTL / 60)),
        url,
        config.RESET_TOKEN_TTL,
      );
    },
    async sendWelcome(email: string) {
      const url = `${config.PUBLIC_URL}/creator-dashboard`;
      await send(welcomeEmail(email, url), url);
    },
  };
}
export type AccountEmails = ReturnType<typeof createAccountEmails>;

/** What an invitee joins, in the invitation's words, by the role they are invited to. */
const JOINING: Record<InvitableRole, (companyName: string | null) => string> = {
  staff: () => `the ${PRODUCT_NAME} platform team`,
  brand: (companyName) => `${companyName ?? 'your brand'} on ${PRODUCT_NAME}`,
};

/** What the invitee joined, in the words of the note to whoever invited them. */
const JOINED: Record<InvitableRole, (companyName: string | null) => string> = {
  staff: () => 'the platform team',
  brand: (companyName) => `${companyName ?? 'their brand'} as a brand user`,
};

/** An invitation to a staff or brand account: the link sets the password. */
export function invitationEmail(
  to: string,
  link: string,
  invite: { role: InvitableRole; companyName: string | null; ttlDays: number },
): MailMessage {
  const joining = JOINING[invite.role](invite.companyName);
  return renderEmail({
    to,
    subject: `You are invited to join ${joining}`,
    title: 'You are invited',
    paragraphs: [
      `You are invited to join ${joining}. Follow this link to choose your password and sign in:`,
      `The link works once and expires in ${invite.ttlDays} days.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
    action: { label: 'Accept the invitation', url: link },
  });
}

/** Tells the staff member who invited someone that the invitation was accepted (and a notification). */
export async function sendInvitationAcceptedEmail(
  deps: Pick<AppDeps, 'config' | 'queue' | 'log'>,
  to: string,
  accepted: { email: string; role: InvitableRole; companyName: string | null },
): Promise<void> {
  const joined = JOINED[accepted.role](accepted.companyName);
  const message = renderEmail({
    to,
    subject: `${accepted.email} accepted your invitation`,
    title: 'Invitation accepted',
    paragraphs: [`${accepted.email} accepted your invitation and joined ${joined}.`],
    action: { label: 'Open Accounts', url: `${deps.config.PUBLIC_URL}/staff/accounts` },
    topic: { kind: 'invitation_accepted', url: '/staff/accounts' },
  });
  // The new account stands even if this e-mail cannot be queued; that is logged.
  await deps.queue
    .send(sendEmailJob, message)
    .catch((error: unknown) =>
      deps.log.error({ err: error }, 'could not queue the invitation-accepted e-mail'),
    );
}

/** Queues an invitation e-mail (its link built from PUBLIC_URL). */
export async function sendInvitationEmail(
  deps: Pick<AppDeps, 'config' | 'queue' | 'log'>,
  to: string,
  token: string,
  invite: { role: InvitableRole; companyName: string | null; ttlDays: number },
): Promise<void> {
  const link = `${deps.config.PUBLIC_URL}/invitations/${token}`;
  const linkExpiresAt = new Date(Date.now() + invite.ttlDays * 86_400_000).toISOString();
  await deps.queue.send(sendEmailJob, { ...invitationEmail(to, link, invite), linkExpiresAt });
  if (!deps.config.SMTP_URL) deps.log.info({ to }, `e-mail queued to the outbox; its link: ${link}`);
}
