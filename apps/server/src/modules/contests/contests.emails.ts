import { formatContestDate, type ContestResponse } from '@app/domain';
import type { MailMessage } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';

/** The confirmation a creator gets once their application is stored. */
export function applicationConfirmationEmail(input: {
  to: string;
  fullName: string;
  contest: Pick<ContestResponse, 'title' | 'submission_deadline' | 'winners_at' | 'timezone' | 'landing'>;
  productName: string;
}): MailMessage {
  const { contest } = input;
  const firstName = input.fullName.trim().split(/\s+/)[0] ?? '';
  const deadline = formatContestDate(contest.submission_deadline, contest.timezone, { time: true });
  const winners = formatContestDate(contest.winners_at, contest.timezone);
  const noun = contest.landing.product_noun;
  return renderEmail({
    to: input.to,
    subject: `Your application to ${contest.title}`,
    title: 'We received your application',
    paragraphs: [
      `Hi ${firstName},`,
      `Thank you for applying to ${contest.title}. We received your application for the ${input.productName}.`,
      `What happens next: our team reviews every application. Selected creators get a call, then receive the brief by e-mail and SMS and their ${noun} at the shipping address you gave. Videos are due ${deadline}; winners are announced on ${winners}.`,
      '— The contest team',
    ],
    topic: { kind: 'application_received', url: '/creator-dashboard' },
  });
}
