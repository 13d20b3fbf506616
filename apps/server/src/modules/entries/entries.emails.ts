import { ENTRY_STATUS_LABELS, formatMoment, type EntryStatus, type NotificationKind } from '@app/domain';
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

/** The notification kind of a status change's e-mail, where it is not the plain `entry_status`. */
const STATUS_KIND: Partial<Record<EntryStatus, NotificationKind>> = {
  revision_requested: 'entry_revision_requested',
  scored: 'entry_result',
  result: 'entry_result',
  paid: 'entry_result',
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
    topic: { kind: STATUS_KIND[input.status] ?? 'entry_status' },
  });
}

/** Who wrote a note, as the entrant reads it (spec §1: the provider's team and the brand's marketing team). */
const REVIEWER_LABEL = { staff: 'The contest team', brand: "The brand's marketing team" } as const;

/** A reviewer's note (or reply) on an entry: to the entrant, with the moment it points at. */
export function entryNoteEmail(input: {
  to: string;
  contestTitle: string;
  version: number;
  atSeconds: number;
  text: string;
  author: keyof typeof REVIEWER_LABEL;
  isReply: boolean;
  link: string;
}): MailMessage {
  const moment = formatMoment(input.atSeconds);
  const who = REVIEWER_LABEL[input.author];
  return renderEmail({
    to: input.to,
    subject: `${input.contestTitle}: a note on your entry at ${moment}`,
    title: `A note on your entry at ${moment}`,
    paragraphs: [
      `${who} ${input.isReply ? 'replied to a note' : 'left a note'} on your entry to ${input.contestTitle}, at ${moment} of version ${input.version}:`,
      `“${input.text}”`,
      'Open your entry to watch that moment and reply.',
    ],
    action: { label: 'Open your entry', url: input.link },
    topic: { kind: 'entry_note' },
  });
}

/** The entrant replied to a note a brand user wrote: to that brand user. */
export function entryReplyEmail(input: {
  to: string;
  contestTitle: string;
  creatorName: string;
  version: number;
  atSeconds: number;
  text: string;
  link: string;
}): MailMessage {
  const moment = formatMoment(input.atSeconds);
  return renderEmail({
    to: input.to,
    subject: `${input.contestTitle}: ${input.creatorName} replied to your note at ${moment}`,
    title: `${input.creatorName} replied to your note`,
    paragraphs: [
      `${input.creatorName} replied to your note at ${moment} of version ${input.version} of their entry to ${input.contestTitle}:`,
      `“${input.text}”`,
    ],
    action: { label: 'Open the entry', url: input.link },
    topic: { kind: 'entry_reply' },
  });
}

/**
 * The brand signed off a version of the entry (issue 49), or a member asked for changes: to the
 * entrant, with the comment.
 */
export function entryApprovalEmail(input: {
  to: string;
  contestTitle: string;
  version: number;
  outcome: 'approved' | 'changes';
  comment: string;
  link: string;
}): MailMessage {
  const approved = input.outcome === 'approved';
  const what = approved ? 'approved' : 'changes asked';
  return renderEmail({
    to: input.to,
    subject: `${input.contestTitle}: version ${input.version} of your entry — ${what}`,
    title: approved ? 'Your entry is approved' : 'The brand asks for changes',
    paragraphs: [
      approved
        ? `The brand's marketing team approved version ${input.version} of your entry to ${input.contestTitle}.`
        : `The brand's marketing team asks for changes to version ${input.version} of your entry to ${input.contestTitle}:`,
      ...(input.comment ? [`“${input.comment}”`] : []),
      ...(approved
        ? []
        : ['Open your entry to read the comments and upload a new version before the deadline.']),
    ],
    action: { label: 'Open your entry', url: input.link },
    topic: { kind: 'entry_approval' },
  });
}

/** Queues the entries module's e-mails; links are built from PUBLIC_URL. */
export function createEntryEmails(deps: Pick<AppDeps, 'config' | 'queue' | 'log'>) {
  const entryLink = (entryId: number) => `${deps.config.PUBLIC_URL}/entries/${entryId}`;
  // A change stands even if its e-mail cannot be queued; that is logged.
  const queue = (message: MailMessage, entryId: number, what: string) =>
    deps.queue.send(sendEmailJob, message).then(
      () => undefined,
      (error: unknown) => deps.log.error({ err: error, entryId }, `could not queue the entry ${what} e-mail`),
    );
  return {
    async sendNote(input: Omit<Parameters<typeof entryNoteEmail>[0], 'link'> & { entryId: number }) {
      await queue(entryNoteEmail({ ...input, link: entryLink(input.entryId) }), input.entryId, 'note');
    },
    async sendReply(input: Omit<Parameters<typeof entryReplyEmail>[0], 'link'> & { entryId: number }) {
      await queue(entryReplyEmail({ ...input, link: entryLink(input.entryId) }), input.entryId, 'reply');
    },
    async sendApproval(input: Omit<Parameters<typeof entryApprovalEmail>[0], 'link'> & { entryId: number }) {
      await queue(
        entryApprovalEmail({ ...input, link: entryLink(input.entryId) }),
        input.entryId,
        'approval',
      );
    },
    async sendStatus(input: Omit<Parameters<typeof entryStatusEmail>[0], 'link'> & { entryId: number }) {
      await queue(entryStatusEmail({ ...input, link: entryLink(input.entryId) }), input.entryId, 'status');
    },
  };
}
