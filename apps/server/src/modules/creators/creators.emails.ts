import type { MailMessage } from '../../mail/mailer';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';

/** The link that confirms a creator's new e-mail address, sent to that new address. */
export function emailChangeEmail(to: string, link: string): MailMessage {
  return renderEmail({
    to,
    subject: 'Confirm your new e-mail address',
    title: 'Confirm your new e-mail address',
    paragraphs: [
      `Follow this link to use ${to} for your ${PRODUCT_NAME} account:`,
      'If you did not ask for this, ignore this e-mail; nothing changes.',
    ],
    action: { label: 'Confirm my new e-mail address', url: link },
  });
}

/**
 * Sent to the old address when a new one is asked for: who asked, and the link that undoes the
 * change (issue 18 M2).
 */
export function emailChangeNoticeEmail(
  to: string,
  newEmail: string,
  undoLink: string,
  days: number,
): MailMessage {
  return renderEmail({
    to,
    subject: 'Your e-mail address is being changed',
    title: 'Your e-mail address is being changed',
    paragraphs: [
      `Someone signed in to your ${PRODUCT_NAME} account asked to use ${newEmail} instead of this address. Your other sessions were signed out.`,
      `If this was you, there is nothing to do. If it was not, follow this link within ${days} days: it puts this address back, signs everyone out, and you can then choose a new password.`,
    ],
    action: { label: 'This was not me: undo the change', url: undoLink },
  });
}
