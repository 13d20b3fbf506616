import { formatContestDate, type ContestResponse } from '@app/domain';
import type { MailMessage } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';

type ContestWords = Pick<
  ContestResponse,
  'title' | 'brief' | 'submission_deadline' | 'winners_at' | 'timezone' | 'landing' | 'requirements'
>;

const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/** The confirmation a creator gets once their application is stored. */
export function applicationConfirmationEmail(input: {
  to: string;
  fullName: string;
  contest: Pick<ContestResponse, 'title' | 'submission_deadline' | 'winners_at' | 'timezone' | 'landing'>;
  productName: string;
}): MailMessage {
  const { contest } = input;
  const firstName = firstNameOf(input.fullName);
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

/** A selected creator: the brief, the requirements and what happens next. */
export function selectionEmail(input: {
  to: string;
  fullName: string;
  contest: ContestWords;
  productName: string;
  note: string;
  contestUrl: string;
}): MailMessage {
  const { contest } = input;
  const deadline = formatContestDate(contest.submission_deadline, contest.timezone, { time: true });
  const noun = contest.landing.product_noun;
  return renderEmail({
    to: input.to,
    subject: `You are selected for ${contest.title}`,
    title: 'You are selected',
    paragraphs: [
      `Hi ${firstNameOf(input.fullName)},`,
      `Good news: you are selected for ${contest.title}. We are preparing your ${input.productName} for shipping to the address you gave; you will get its carrier and tracking number by e-mail as soon as it leaves.`,
      ...(input.note ? [`A note from the team: ${input.note}`] : []),
      `The brief: ${contest.brief || 'see the contest page.'}`,
      ...(contest.requirements.length ? [`Requirements: ${contest.requirements.join('; ')}.`] : []),
      `What happens next: once your ${noun} arrives, shoot your film and upload it from your dashboard before ${deadline}. Your dashboard lists this contest under Running.`,
      '— The contest team',
    ],
    action: { label: 'Open the contest', url: input.contestUrl },
    topic: { kind: 'application_selected' },
  });
}

/** A kind decline. */
export function declineEmail(input: {
  to: string;
  fullName: string;
  contest: Pick<ContestResponse, 'title'>;
  note: string;
}): MailMessage {
  return renderEmail({
    to: input.to,
    subject: `Your application to ${input.contest.title}`,
    title: 'Thank you for applying',
    paragraphs: [
      `Hi ${firstNameOf(input.fullName)},`,
      `Thank you for your interest in ${input.contest.title}. We received many strong applications and could only select a few creators this time, so we cannot offer you a place in this contest.`,
      ...(input.note ? [`A note from the team: ${input.note}`] : []),
      'This is no judgement of your work: please apply to our next contests — new ones open regularly.',
      '— The contest team',
    ],
    topic: { kind: 'application_declined', url: '/creator-dashboard' },
  });
}

/** The product has shipped: carrier and tracking number. */
export function shipmentEmail(input: {
  to: string;
  fullName: string;
  contest: Pick<ContestResponse, 'title'>;
  productName: string;
  carrier: string;
  trackingNumber: string;
}): MailMessage {
  return renderEmail({
    to: input.to,
    subject: `Your ${input.productName} has shipped`,
    title: 'Your product is on its way',
    paragraphs: [
      `Hi ${firstNameOf(input.fullName)},`,
      `Your ${input.productName} for ${input.contest.title} has shipped.`,
      `Carrier: ${input.carrier}. Tracking number: ${input.trackingNumber}.`,
      'Your dashboard shows the tracking number on the contest too. Once it arrives, you can start shooting.',
      '— The contest team',
    ],
    topic: { kind: 'application_shipped', url: '/creator-dashboard' },
  });
}
