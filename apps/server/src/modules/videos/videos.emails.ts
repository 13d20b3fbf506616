import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import type { MailMessage } from '../../mail/mailer';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';

/** The creator learns that their video is public. */
export function videoApprovedEmail(to: string, title: string, link: string): MailMessage {
  return renderEmail({
    to,
    subject: `Your video "${title}" is approved`,
    title: 'Your video is approved',
    paragraphs: [
      `Good news: "${title}" was approved by the ${PRODUCT_NAME} team and is now public in the video library.`,
      'Share it with your audience and keep creating.',
    ],
    action: { label: 'See your video', url: link },
    topic: { kind: 'video_approved' },
  });
}

/** The creator learns that their video stays private, and why. */
export function videoRejectedEmail(to: string, title: string, reason: string, link: string): MailMessage {
  return renderEmail({
    to,
    subject: `Your video "${title}" was not approved`,
    title: 'Your video was not approved',
    paragraphs: [
      `The ${PRODUCT_NAME} team reviewed "${title}" and did not approve it. It stays private: only you can see it.`,
      `The reason: ${reason}`,
      'You can upload a new version from your dashboard.',
    ],
    action: { label: 'Open your dashboard', url: link },
    topic: { kind: 'video_rejected' },
  });
}

/** Queues the e-mails of the videos module; links are built from PUBLIC_URL. */
export function createVideoEmails(deps: Pick<AppDeps, 'config' | 'queue'>) {
  const { config, queue } = deps;
  return {
    /** One e-mail per review decision, naming the video. */
    async sendDecision(
      to: string,
      video: { id: number; title: string },
      decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    ): Promise<void> {
      const message =
        decision.status === 'approved'
          ? videoApprovedEmail(to, video.title, `${config.PUBLIC_URL}/video/${video.id}`)
          : videoRejectedEmail(to, video.title, decision.reason, `${config.PUBLIC_URL}/creator-dashboard`);
      await queue.send(sendEmailJob, message);
    },
  };
}
