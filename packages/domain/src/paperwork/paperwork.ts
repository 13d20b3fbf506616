import { z } from 'zod';

/** The forms a winner files with an entry (issue 31): who appears, where it was shot, the music. */
export const RELEASE_KINDS = ['talent', 'location', 'music', 'other'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export const RELEASE_KIND_LABELS: Record<ReleaseKind, string> = {
  talent: 'Talent release',
  location: 'Location release',
  music: 'Music licence or original music declaration',
  other: 'Other release',
};

export const RELEASE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** The tax forms a payee files: W-9 (US persons) or W-8BEN (everyone else). */
export const TAX_FORMS = ['W-9', 'W-8BEN'] as const;
export type TaxForm = (typeof TAX_FORMS)[number];

export const PAPERWORK_LIMITS = {
  releaseMaxBytes: 10 * 1024 * 1024,
  fileNameMax: 200,
  reasonMax: 500,
  legalNameMax: 200,
  addressMax: 500,
  taxIdMin: 4,
  taxIdMax: 30,
  /**
   * Releases of one kind an entry holds at once, waiting for review or approved. A rejected one
   * does not count: the entrant replaces it with a new upload.
   */
  releasesPerKind: 5,
  /** Release uploads one creator may send in an hour (each up to 10 MB, checked byte by byte). */
  releaseUploadsPerHour: 30,
} as const;

export const PAPERWORK_MESSAGES = {
  releaseKind: 'Choose the kind of release: talent, location, music or other.',
  releaseFile: 'Attach the release as a PDF, JPEG or PNG file.',
  releaseType: 'A release must be a PDF, JPEG or PNG file.',
  releaseTooLarge: 'A release file must be 10 MB or smaller.',
  releaseActive: 'This PDF contains scripts, launch actions or attached files; save it again as a plain PDF.',
  releaseUnreadable:
    'Part of this PDF is compressed in a way that cannot be checked; save it again as a plain PDF.',
  releaseLimit: `This entry already has ${PAPERWORK_LIMITS.releasesPerKind} releases of this kind waiting for review or approved; only a rejected release can be replaced.`,
  releaseDecided: 'This release was already reviewed.',
  reasonRequired: 'Say why the release is rejected.',
  legalName: 'Enter your legal name.',
  country: 'Choose your country (two-letter code).',
  address: 'Enter your postal address.',
  taxId: 'Enter your taxpayer id (4 to 30 letters, digits or dashes).',
  notEntrant: 'Only the entrant files releases for an entry.',
  incomplete: "The prize cannot be paid before the winner's paperwork is complete.",
} as const;

/** `POST /api/entries/{id}/releases/` answers, and each item of the list. */
export const releaseSchema = z.object({
  id: z.number(),
  kind: z.enum(RELEASE_KINDS),
  status: z.enum(RELEASE_STATUSES),
  file_name: z.string(),
  size_bytes: z.number(),
  content_type: z.string(),
  /** Why staff rejected it (rejected only). */
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** A short-lived link to the file for whoever may see it. */
  file_url: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseListSchema = z.array(releaseSchema);

/** `POST /api/releases/{id}/reject/` */
export const rejectReleaseBodySchema = z.object({
  reason: z.string().trim().min(1, PAPERWORK_MESSAGES.reasonRequired).max(PAPERWORK_LIMITS.reasonMax),
});
export type RejectReleaseBody = z.infer<typeof rejectReleaseBodySchema>;

/** `PUT /api/accounts/creators/payee/`: the taxpayer id is sent in full, once, and never returned. */
export const payeeBodySchema = z.object({
  legal_name: z.string().trim().min(1, PAPERWORK_MESSAGES.legalName).max(PAPERWORK_LIMITS.legalNameMax),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, PAPERWORK_MESSAGES.country),
  address: z.string().trim().min(1, PAPERWORK_MESSAGES.address).max(PAPERWORK_LIMITS.addressMax),
  tax_form: z.enum(TAX_FORMS),
  tax_id: z
    .string()
    .trim()
    .max(PAPERWORK_LIMITS.taxIdMax, PAPERWORK_MESSAGES.taxId)
    .regex(/^[A-Za-z0-9-]{4,30}$/, PAPERWORK_MESSAGES.taxId),
});
export type PayeeBody = z.infer<typeof payeeBodySchema>;
/** The payee details' fields, as the API names them (what a change e-mail and its audit list). */
export const PAYEE_FIELDS = ['legal_name', 'country', 'address', 'tax_form', 'tax_id'] as const;
export type PayeeField = (typeof PAYEE_FIELDS)[number];

/** The payee details as anybody sees them: the taxpayer id only by its last four characters. */
export const payeeSchema = z.object({
  legal_name: z.string(),
  country: z.string(),
  address: z.string(),
  tax_form: z.enum(TAX_FORMS),
  tax_id_last4: z.string(),
  updated_at: z.string(),
});
export type Payee = z.infer<typeof payeeSchema>;
/** `GET` of payee details: null until the creator enters them. */
export const payeeOrNoneSchema = payeeSchema.nullable();

/** What a payout still waits for (`409 paperwork_incomplete`). */
export const PAPERWORK_MISSING = [
  'payee_details',
  'releases_pending',
  'releases_rejected',
  'no_releases',
] as const;
export type PaperworkMissing = (typeof PAPERWORK_MISSING)[number];

/** `/api/releases/{id}/…` */
export const releaseIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** `GET /api/payouts/payees/{user_id}/` (staff) */
export const payeeUserParamsSchema = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647),
});
/** `GET /api/releases/{id}/file/?token=` (a link carries its own token). */
export const releaseFileQuerySchema = z.object({ token: z.string().max(512).optional() });
/** The multipart fields of `POST /api/entries/{id}/releases/`, read by the route. */
export const releaseKindSchema = z.enum(RELEASE_KINDS, { error: PAPERWORK_MESSAGES.releaseKind });

/** What staff read for each item a payout waits for. */
export const PAPERWORK_MISSING_LABELS: Record<PaperworkMissing, string> = {
  payee_details: 'The winner has not entered payee details.',
  no_releases: 'No release is filed with the entry.',
  releases_pending: 'A release is waiting for review.',
  releases_rejected: 'A rejected release has not been replaced.',
};
