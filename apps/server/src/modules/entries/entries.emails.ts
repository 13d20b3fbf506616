import { ENTRY_STATUS_LABELS, type EntryStatus } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import type { MailMessage } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';

/** What each status tells the entrant (the e-mail's second paragraph). */
const WHAT_IT_MEANS: Record<EntryStatus, string> = {
  uploaded: 'We received your video.',
  processing: 'We are preparing your video for playback; we will write again when it is ready for review.',
  checked: 'Your video was checked against the contest brief.',
  in_review:
    'Your video is checked against the brief and waiting for the review by the contest team and the brand.',
  revision_requested:
    'The reviewers ask for a revision: read their notes on your entry page and upload a new version before the deadline.',
  scored: 'The judges scored your video.',
  result: 'The results of the contest are out: see your entry page.',
  paid: 'Your prize was paid.',
};

/** The one e-mail of a status change: it names the contest, the video and the step reached. */
export function entryStatusEmail(input: {
  to: string;
  contestTitle: string;
  videoTitle: string;
  version: number;
  status: EntryStatus;
  detail: string;
  link: string;
}): MailMessage {
  const label = ENTRY_STATUS_LABELS[input.status];
  return renderEmail({
    to: input.to,
    subject: `${input.contestTitle}: your entry "${input.videoTitle}" — ${label}`,
    title: `Your entry: ${label}`,
    paragraphs: [
      `Your entry to ${input.contestTitle}, "${input.videoTitle}" (version ${input.version}), is now: ${label}.`,
      WHAT_IT_MEANS[input.status],
      ...(input.detail ? [input.detail] : []),
    ],
    action: { label: 'Open your entry', url: input.link },
  });
}

/** Queues the entries module's e-mails; links are built from PUBLIC_URL. */
export function createEntryEmails(deps: Pick<AppDeps, 'config' | 'queue' | 'log'>) {
  return {
    async sendStatus(input: Omit<Parameters<typeof entryStatusEmail>[0], 'link'> & { entryId: number }) {
      const message = entryStatusEmail({
        ...input,
        link: `${deps.config.PUBLIC_URL}/entries/${input.entryId}`,
      });
      // The change stands even if its e-mail cannot be queued; that is logged.
      await deps.queue.send(sendEmailJob, message).catch((error: unknown) => {
        deps.log.error({ err: error, entryId: input.entryId }, 'could not queue the entry status e-mail');
      });
    },
  };
}
