import { ordinal } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import type { MailMessage } from '../../mail/mailer';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';

/** Every entrant learns the results are out, with a link to their own scorecard. */
export function resultsEmail(
  to: string,
  contestTitle: string,
  place: number | null,
  link: string,
): MailMessage {
  return renderEmail({
    to,
    subject: `Results of "${contestTitle}" are published`,
    title: place ? `You placed ${ordinal(place)}` : 'The results are published',
    paragraphs: [
      place
        ? `Congratulations: your film placed ${ordinal(place)} in "${contestTitle}".`
        : `The judges of "${contestTitle}" have finished and the results are published. Thank you for your film.`,
      'Your scorecard shows your score on each criterion, where you ranked and what each judge wrote about your film.',
      `The ${PRODUCT_NAME} team`,
    ],
    action: { label: 'Read your scorecard', url: link },
    topic: { kind: 'results_published' },
  });
}

export function createJudgingEmails(deps: Pick<AppDeps, 'config' | 'queue'>) {
  return {
    /** One e-mail per entrant, queued. */
    async sendResult(to: string, contestTitle: string, entryId: number, place: number | null) {
      const link = `${deps.config.PUBLIC_URL}/entries/${entryId}/scorecard`;
      await deps.queue.send(sendEmailJob, resultsEmail(to, contestTitle, place, link));
    },
  };
}
