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
