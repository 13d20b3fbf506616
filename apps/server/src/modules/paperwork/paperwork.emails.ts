import { RELEASE_KIND_LABELS, type PayeeField, type ReleaseKind } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { PRODUCT_NAME, renderEmail } from '../../mail/templates';

/** How the change e-mail names each payee field. */
const PAYEE_FIELD_WORDS: Record<PayeeField, string> = {
  legal_name: 'legal name',
  country: 'country',
  address: 'postal address',
  tax_form: 'tax form',
  tax_id: 'taxpayer id',
};

/**
 * The entrant learns each review of a release; a rejection says why and how to replace it. A
 * creator learns each change of their payout details.
 */
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

    /**
     * A security notice: always sent (no notification topic, so no preference turns it off),
     * naming the fields that changed, never their values.
     */
    async sendPayeeChanged(input: { to: string; changed: PayeeField[]; at: Date }) {
      const fields = input.changed.map((field) => PAYEE_FIELD_WORDS[field]);
      const listed = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : fields[0];
      const message = renderEmail({
        to: input.to,
        subject: `Your ${PRODUCT_NAME} payout details changed`,
        title: 'Your payout details changed',
        paragraphs: [
          `The details your prizes are paid to were changed on ${input.at.toUTCString()}: ${listed}.`,
          'If you made this change, there is nothing to do.',
          'If you did not, reset your password at once and correct your payout details before a prize is paid.',
        ],
        action: { label: 'Check your payout details', url: `${deps.config.PUBLIC_URL}/profile/settings` },
      });
      // The details are saved even if this e-mail cannot be queued; that is logged.
      await deps.queue
        .send(sendEmailJob, message)
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'could not queue the payout-details e-mail'),
        );
    },
  };
}
