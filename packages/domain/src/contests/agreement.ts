import { z } from 'zod';
import { groupDigits } from '../common/numbers';
import { formatContestDate, formatContestDateLong } from './contest-format';

/**
 * The contest agreement (issue 31): per contest, stored as versions of plain text. The text is
 * "markdown-lite": blocks separated by a blank line; a block starting with `## ` is a heading, a
 * block whose lines start with `- ` is a list, anything else a paragraph. Version 1 of every
 * contest is `defaultAgreementText(contest)`; staff replace it in place while the contest is a
 * draft, and a published contest's text changes only as a new version (entrants accept again).
 */

export const AGREEMENT_LIMITS = {
  /** Longest agreement text, in characters. */
  textMax: 50_000,
  /** Highest version number a query may ask for (any int4). */
  versionMax: 2_147_483_647,
} as const;

export const AGREEMENT_MESSAGES = {
  /** The 409 `agreement_changed` detail, and what Submit Video and the wizard show. */
  changed: 'The contest agreement changed. Read and accept the new version to continue.',
  textRequired: 'Write the agreement text.',
  textTooLong: `The agreement can be at most ${groupDigits(AGREEMENT_LIMITS.textMax)} characters.`,
  versionUnknown: 'This contest has no agreement of that version.',
  shaInvalid: 'agreement_sha256 must be 64 hexadecimal characters.',
  loadFailed: 'The contest agreement could not be loaded. Check your connection and try again.',
  /** Staff editor: what saving does, by publication status. */
  draftSaveHint: 'The contest is a draft: saving replaces version 1.',
  publishedSaveHint:
    'The contest is published: saving creates a new version, and entrants must accept it again before their next submission.',
  saved: 'Agreement saved.',
  unchanged: 'The text is the same as the current version; nothing was saved.',
} as const;

/** A SHA-256 in lower-case hex (the agreement's fingerprint; upper case is read as lower). */
export const agreementShaSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, AGREEMENT_MESSAGES.shaInvalid);

/** `agreement_sha256` in the apply and entry bodies: the text the creator saw and accepted. */
export const agreementShaField = { agreement_sha256: agreementShaSchema.optional() };

/** The caller's latest acceptance of a contest's agreement. */
export const agreementAcceptanceSchema = z.object({
  version: z.number().int(),
  sha256: z.string(),
  accepted_at: z.string(),
});
export type AgreementAcceptance = z.infer<typeof agreementAcceptanceSchema>;

/** `GET /api/contests/{id}/agreement/[?version=N]` */
export const agreementResponseSchema = z.object({
  version: z.number().int(),
  sha256: z.string(),
  text: z.string(),
  /** The current version's number (differs from `version` when an older one was asked for). */
  current_version: z.number().int(),
  /** A signed-in creator's latest acceptance of this contest's agreement; null otherwise. */
  accepted: agreementAcceptanceSchema.nullable(),
});
export type AgreementResponse = z.infer<typeof agreementResponseSchema>;

export const agreementQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(AGREEMENT_LIMITS.versionMax).optional(),
});

/** `PUT /api/contests/{id}/agreement/` (staff). */
export const updateAgreementBodySchema = z.object({
  text: z
    .string()
    .max(AGREEMENT_LIMITS.textMax, AGREEMENT_MESSAGES.textTooLong)
    .refine((text) => text.trim().length > 0, AGREEMENT_MESSAGES.textRequired),
});
export type UpdateAgreementBody = z.infer<typeof updateAgreementBodySchema>;

/** The body of a 409 `agreement_changed`: the current version, so the client can show it. */
export interface AgreementChanged {
  current: { version: number; sha256: string };
}

/** The contest fields the default text reads. */
export interface AgreementContest {
  title: string;
  brandName: string;
  timezone: string;
  /** ISO date-times. */
  submissionDeadline: string;
  winnersAt: string;
}

/** Who runs the contests, as the texts name them. */
const ORGANISER = 'the Cinematic Contests team';

/** Version 1 of a contest's agreement: the Participant Agreement filled in from the contest. */
export function defaultAgreementText(contest: AgreementContest): string {
  const due = formatContestDate(contest.submissionDeadline, contest.timezone, { time: true });
  const winners = formatContestDateLong(contest.winnersAt, contest.timezone);
  return [
    `This agreement is between you (the “Participant”) and ${ORGANISER} for ${contest.title}, sponsored by ${contest.brandName} (the “Brand”).`,
    '## 1. The product',
    `If you are selected, the Brand ships you one product free of charge. You agree to use it to create your contest video and to deliver the video by ${due}. If you do not deliver, the Brand may ask you to return the product at its cost.`,
    '## 2. Your video',
    [
      '- You confirm the video is your original work and that everyone who appears in it has agreed to be filmed.',
      '- You keep the copyright of your video.',
      `- You grant ${contest.brandName} and the organiser a non-exclusive, worldwide, royalty-free licence to show, share and adapt the video for promotion, with credit to you, for 24 months from ${winners}.`,
      '- You may publish your video on your own channels after the winners are announced.',
    ].join('\n'),
    '## 3. Conduct',
    'You agree to follow the Contest Rules, to give accurate information in your application, and not to post content that is unlawful, hateful or misleading about the product.',
    '## 4. Personal information',
    'Your information is handled as described in the Privacy Policy.',
  ].join('\n\n');
}

export type AgreementBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** The blocks of an agreement text, as the pages render them (see the format above). */
export function agreementBlocks(text: string): AgreementBlock[] {
  const blocks: AgreementBlock[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const block = raw.trim();
    if (!block) continue;
    let lines = block.split('\n').map((line) => line.trim());
    if (lines[0]!.startsWith('## ')) {
      blocks.push({ kind: 'heading', text: lines[0]!.slice(3).trim() });
      lines = lines.slice(1).filter(Boolean);
      if (!lines.length) continue;
    }
    if (lines.every((line) => line.startsWith('- '))) {
      blocks.push({ kind: 'list', items: lines.map((line) => line.slice(2).trim()) });
      continue;
    }
    blocks.push({ kind: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}
