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

/**
 * The licence's parties (the creator and the brand's users) learn of a revocation. A takedown is
 * a notice about rights, sent whatever the e-mail preferences (no topic).
 */
export function createLicenceEmails(deps: Pick<AppDeps, 'queue' | 'log'>) {
  async function send(notice: LicenceNotice, subject: string, paragraphs: string[]) {
    for (const to of notice.to) {
      const message = renderEmail({
        to,
        subject,
        title: subject,
        paragraphs,
        action: { label: 'Check the licence', url: notice.verifyUrl },
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
  };
}
