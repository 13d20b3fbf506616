import { RELEASE_KIND_LABELS, type ReleaseKind } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { renderEmail } from '../../mail/templates';

/** The entrant learns each review of a release; a rejection says why and how to replace it. */
export function createPaperworkEmails(deps: Pick<AppDeps, 'config' | 'queue' | 'log'>) {
  return {
    async sendDecision(input: {
      to: string;
      entryId: number;
      contestTitle: string;
      kind: ReleaseKind;
      fileName: string;
      approved: boolean;
      reason: string | null;
    }) {
      const label = RELEASE_KIND_LABELS[input.kind];
      const url = `${deps.config.PUBLIC_URL}/entries/${input.entryId}`;
      const message = renderEmail({
        to: input.to,
        subject: `${input.contestTitle}: your ${label.toLowerCase()} was ${input.approved ? 'approved' : 'rejected'}`,
        title: input.approved ? `${label} approved` : `${label} rejected`,
        paragraphs: input.approved
          ? [`Your ${label.toLowerCase()} "${input.fileName}" for ${input.contestTitle} was approved.`]
          : [
              `Your ${label.toLowerCase()} "${input.fileName}" for ${input.contestTitle} was rejected.`,
              `Reason: ${input.reason ?? ''}`,
              'Upload a corrected release on your entry page.',
            ],
        action: { label: 'Open your entry', url },
        topic: { kind: 'release_decided' },
      });
      // The decision stands even if its e-mail cannot be queued; that is logged.
      await deps.queue
        .send(sendEmailJob, message)
        .catch((error: unknown) =>
          deps.log.error({ err: error, entryId: input.entryId }, 'could not queue the release e-mail'),
        );
    },
  };
}
