import { CONVERSATION_LIMITS } from '@app/domain';
import type { MailMessage } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';

/** One message as a digest quotes it. */
export interface DigestLine {
  author: string;
  body: string;
}

/** A digest quotes each message up to this many characters (the thread has them all). */
const QUOTE_MAX = 1_000;

const quoted = (body: string) => (body.length > QUOTE_MAX ? `${body.slice(0, QUOTE_MAX)}…` : body);

/**
 * The e-mail digest of a thread (issue 49): every message the recipient has not read since the last
 * digest, in one e-mail, at most one per thread per 10 minutes. Its category is `review_notes`.
 */
export function messageDigestEmail(input: {
  to: string;
  title: string;
  lines: DigestLine[];
  link: string;
}): MailMessage {
  const count = input.lines.length;
  const what = count === 1 ? 'a new message' : `${count} new messages`;
  return renderEmail({
    to: input.to,
    subject: `${input.title}: ${what}`,
    title: `${input.title}: ${what}`,
    paragraphs: [
      `You have ${what} in the conversation about ${input.title.charAt(0).toLowerCase()}${input.title.slice(1)}:`,
      ...input.lines.map((line) => `${line.author}: “${quoted(line.body)}”`),
      `Open the conversation to answer. We write at most once every ${CONVERSATION_LIMITS.digestMinutes} minutes per conversation.`,
    ],
    action: { label: 'Open the conversation', url: input.link },
    topic: { kind: 'message_digest' },
  });
}
