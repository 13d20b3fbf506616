import type { NotificationKind } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { renderEmail } from '../../mail/templates';

/** What the licence e-mails name: the film, the contest and the public page that checks it. */
export interface LicenceNotice {
  to: string[];
  title: string;
  contest: string;
  verifyUrl: string;
}

/** An extension as its e-mails state it: terms in words, and the entry page that answers it. */
export interface ExtensionNotice {
  months: number;
  fee: string;
  brand: string;
  endsOn: string;
  entryUrl: string;
}

/**
 * The licence's parties (the creator and the brand's users) learn of its expiry and revocation. A
 * takedown is a notice about rights, sent whatever the e-mail preferences (no topic). An
 * extension's proposal (to the creator) and its answer (to the brand) are product events: inbox
 * and e-mail, under the results category.
 */
export function createLicenceEmails(deps: Pick<AppDeps, 'queue' | 'log'>) {
  async function send(
    notice: LicenceNotice,
    subject: string,
    paragraphs: string[],
    topic?: { kind: NotificationKind; url: string },
  ) {
    for (const to of notice.to) {
      const message = renderEmail({
        to,
        subject,
        title: subject,
        paragraphs,
        action: topic
          ? { label: 'Open the entry', url: topic.url }
          : { label: 'Check the licence', url: notice.verifyUrl },
        ...(topic ? { topic } : {}),
      });
      // The change stands even if its e-mail cannot be queued; that is logged.
      await deps.queue
        .send(sendEmailJob, message)
        .catch((error: unknown) => deps.log.error({ err: error }, 'could not queue a licence e-mail'));
    }
  }

  return {
    sendReminder: (notice: LicenceNotice, days: 30 | 7, endsOn: string) =>
      send(notice, `${notice.contest}: the licence of "${notice.title}" ends in ${days} days`, [
        `The licence of "${notice.title}" (${notice.contest}) ends on ${endsOn}, in ${days} days.`,
        'The brand may propose an extension (months and fee); the creator accepts or declines it.',
      ]),

    sendRevoked: (notice: LicenceNotice, reason: string) =>
      send(notice, `${notice.contest}: the licence of "${notice.title}" was revoked`, [
        `The licence of "${notice.title}" (${notice.contest}) was revoked by the platform's staff.`,
        `Reason: ${reason}`,
        'The film may no longer be used under this licence.',
      ]),

    sendProposed: (notice: LicenceNotice, extension: ExtensionNotice) =>
      send(
        notice,
        `${notice.contest}: ${extension.brand} proposes to extend the licence of "${notice.title}"`,
        [
          `${extension.brand} proposes to extend the licence of "${notice.title}" (${notice.contest}) by ${extension.months} months, to ${extension.endsOn}, for a fee of ${extension.fee}.`,
          'Accept or decline it on the entry page. An accepted fee is paid to you like a prize.',
        ],
        { kind: 'licence_extension_proposed', url: extension.entryUrl },
      ),

    sendDecided: (notice: LicenceNotice, extension: ExtensionNotice, accepted: boolean) =>
      send(
        notice,
        `${notice.contest}: the extension of "${notice.title}" was ${accepted ? 'accepted' : 'declined'}`,
        [
          accepted
            ? `The creator accepted the extension of "${notice.title}" (${notice.contest}) by ${extension.months} months: the licence now ends on ${extension.endsOn}.`
            : `The creator declined the extension of "${notice.title}" (${notice.contest}) by ${extension.months} months; the licence still ends on ${extension.endsOn}.`,
        ],
        { kind: 'licence_extension_decided', url: extension.entryUrl },
      ),
  };
}
