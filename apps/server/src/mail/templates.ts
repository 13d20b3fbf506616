import type { NotificationKind } from '@app/domain';
import type { MailMessage } from './mailer';

/** The product name every e-mail is signed with. */
export const PRODUCT_NAME = 'Cinematic Contests';

/** Escapes text for HTML. The only copy: every e-mail's HTML is built through `renderEmail`. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface EmailContent {
  to: string;
  subject: string;
  /** The heading of the HTML version. */
  title: string;
  /** Plain paragraphs: escaped for HTML, separated by blank lines in the text version. */
  paragraphs: string[];
  /** One call to action: a button in HTML, the bare link in the text version. */
  action?: { label: string; url: string };
  /**
   * The product event this e-mail reports (issue 32): the recipient also gets a notification
   * linking to `action.url`, and the e-mail can be turned off by its kind's category. Leave it out
   * for account and security mails (always sent, never in the inbox: their links are secrets).
   */
  topic?: { kind: NotificationKind; url?: string };
}

/**
 * One e-mail in its text and HTML versions, in the product's look. Every module's `.emails.ts`
 * builds its messages with this, so escaping and layout exist once.
 */
export function renderEmail({ to, subject, title, paragraphs, action, topic }: EmailContent): MailMessage {
  const [first = '', ...rest] = paragraphs;
  const text = action
    ? `${first}\n\n${action.url}\n\n${rest.join('\n\n')}${rest.length ? '\n\n' : ''}${PRODUCT_NAME}\n`
    : `${paragraphs.join('\n\n')}\n\n${PRODUCT_NAME}\n`;
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#F5B301;color:#0B0B0F;padding:12px 20px;border-radius:12px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;color:#6B6B76;font-size:13px">If the button does not work, open this link: <br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#0B0B0F;color:#F5F5F7;font-family:Inter,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:22px;margin:0 0 24px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;color:#A1A1AA;font-size:13px">${PRODUCT_NAME}</p></div></body></html>`;
  return {
    to,
    subject,
    text,
    html,
    ...(topic ? { topic: { kind: topic.kind, url: topic.url ?? action?.url ?? '/notifications' } } : {}),
  };
}
