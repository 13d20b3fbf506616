import { z } from 'zod';
import {
  LICENCE_CHANNELS,
  LICENCE_CHANNEL_LABELS,
  LICENCE_LIMITS,
  LICENCE_MESSAGES,
  LICENCE_STATUSES,
  type LicenceStatus,
} from './licence-words';

/**
 * Licences with terms (issue 51): the grant a contest's agreement states in fields, and the
 * licence each placed entry receives when the results are published, checked by anyone holding
 * its certificate.
 */

/** A territory: `worldwide` or an ISO 3166-1 alpha-2 country code (upper case). */
export const territorySchema = z
  .string()
  .trim()
  .transform((t) => (t.toLowerCase() === 'worldwide' ? 'worldwide' : t.toUpperCase()))
  .pipe(z.string().regex(/^(worldwide|[A-Z]{2})$/, LICENCE_MESSAGES.territoryInvalid));

/** The grant a contest's agreement states in fields (`licence_terms` of a contest). */
export const licenceTermsSchema = z.object({
  channels: z
    .array(z.enum(LICENCE_CHANNELS))
    .min(1, LICENCE_MESSAGES.channelsRequired)
    .max(LICENCE_CHANNELS.length)
    .transform((channels) => LICENCE_CHANNELS.filter((c) => channels.includes(c))),
  territories: z
    .array(territorySchema)
    .min(1, LICENCE_MESSAGES.territoriesRequired)
    .max(LICENCE_LIMITS.territoriesMax)
    .transform((list) => [...new Set(list)]),
  term_months: z
    .number()
    .int()
    .min(LICENCE_LIMITS.termMonthsMin, LICENCE_MESSAGES.termRange)
    .max(LICENCE_LIMITS.termMonthsMax, LICENCE_MESSAGES.termRange),
  exclusive: z.boolean(),
});
export type LicenceTerms = z.infer<typeof licenceTermsSchema>;

/** The same terms as the API answers them (no transforms: a response is stated, not cleaned). */
export const licenceTermsResponseSchema = z.object({
  channels: z.array(z.enum(LICENCE_CHANNELS)),
  territories: z.array(z.string()),
  term_months: z.number().int(),
  exclusive: z.boolean(),
});

/**
 * The default grant: what the default agreement's prose says (“a non-exclusive, worldwide,
 * royalty-free licence to show, share and adapt the video for promotion … for 24 months”);
 * promotion read as the brand's own and paid social posts and its web pages, not broadcast.
 */
export const DEFAULT_LICENCE_TERMS: LicenceTerms = {
  channels: ['organic_social', 'paid_social', 'web'],
  territories: ['worldwide'],
  term_months: 24,
  exclusive: false,
};

/**
 * The grant as the certificate words it, for terms in fields (the channels, territories and dates
 * follow it as fields).
 */
export function licenceGrantText(brand: string, exclusive: boolean): string {
  return `The creator grants ${brand} and the organiser ${exclusive ? 'an exclusive' : 'a non-exclusive'}, royalty-free licence to show, share and adapt the film named below on the channels and in the territories stated here, with credit to the creator. The creator keeps the copyright.`;
}

/** The terms as one line, as the certificate and the pages state them. */
export function describeLicenceTerms(terms: Omit<LicenceTerms, 'term_months'>): string {
  const channels = terms.channels.map((c) => LICENCE_CHANNEL_LABELS[c]).join(', ');
  const territories = terms.territories.map((t) => (t === 'worldwide' ? 'Worldwide' : t)).join(', ');
  return `${terms.exclusive ? 'Exclusive' : 'Non-exclusive'}; channels: ${channels}; territories: ${territories}`;
}

/** A licence id: `lic_` and 26 base32 characters (128 random bits). */
export const licenceIdSchema = z.string().regex(/^lic_[a-z2-7]{26}$/);
/** Any short string is looked up: an id of another shape is simply unknown (404), never a 400. */
export const licenceIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

const licenceGrantFields = {
  status: z.enum(LICENCE_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  channels: z.array(z.enum(LICENCE_CHANNELS)),
  territories: z.array(z.string()),
  master_sha256: z.string(),
};

export const LICENCE_EXTENSION_STATUSES = ['proposed', 'accepted', 'declined'] as const;
export type LicenceExtensionStatus = (typeof LICENCE_EXTENSION_STATUSES)[number];

/** `POST /api/licences/{id}/extensions/` (staff, the brand's owners and managers). */
export const proposeExtensionBodySchema = z.object({
  months: z
    .number()
    .int(LICENCE_MESSAGES.extensionMonthsRange)
    .min(LICENCE_LIMITS.extensionMonthsMin, LICENCE_MESSAGES.extensionMonthsRange)
    .max(LICENCE_LIMITS.extensionMonthsMax, LICENCE_MESSAGES.extensionMonthsRange),
  fee_cents: z
    .number()
    .int(LICENCE_MESSAGES.extensionFeeRange)
    .min(0, LICENCE_MESSAGES.extensionFeeRange)
    .max(LICENCE_LIMITS.extensionFeeMaxCents, LICENCE_MESSAGES.extensionFeeRange),
});
export type ProposeExtensionBody = z.infer<typeof proposeExtensionBodySchema>;

/** An extension of a licence: proposed by the brand, accepted or declined by the creator. */
export const licenceExtensionSchema = z.object({
  id: z.number().int(),
  licence_id: z.string(),
  months: z.number().int(),
  fee_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(LICENCE_EXTENSION_STATUSES),
  proposed_at: z.string(),
  decided_at: z.string().nullable(),
});
export type LicenceExtension = z.infer<typeof licenceExtensionSchema>;

/** `/api/licence-extensions/{id}/accept/` and `/decline/`. */
export const licenceExtensionIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** `GET /api/entries/{id}/licence/` (the contest's brand, staff, the creator). */
export const entryLicenceSchema = z.object({
  id: z.string(),
  ...licenceGrantFields,
  exclusive: z.boolean(),
  /** The public page that checks this licence. */
  verify_url: z.string(),
  /** The currency of its extensions' fees (the contest's). */
  currency: z.string(),
  /** Its extensions, newest first (at most one `proposed`). */
  extensions: z.array(licenceExtensionSchema),
});
export type EntryLicence = z.infer<typeof entryLicenceSchema>;

/** `GET /api/licences/{id}/verify/` (public). */
export const licenceVerificationSchema = z.object({
  ...licenceGrantFields,
  exclusive: z.boolean(),
  brand: z.string(),
  contest: z.string(),
  title: z.string(),
});
export type LicenceVerification = z.infer<typeof licenceVerificationSchema>;

/** A licence's status at `now`: revoked wins, then whether its end has passed. */
export function licenceStatus(licence: { endsAt: Date; revokedAt: Date | null }, now: Date): LicenceStatus {
  if (licence.revokedAt) return 'revoked';
  return now.getTime() >= licence.endsAt.getTime() ? 'expired' : 'valid';
}

/** `POST /api/licences/{id}/revoke/` (staff): a takedown, with its reason (audited, both parties told). */
export const revokeLicenceBodySchema = z.object({
  reason: z.string().trim().min(1, LICENCE_MESSAGES.reasonRequired).max(1000, LICENCE_MESSAGES.reasonTooLong),
});
export type RevokeLicenceBody = z.infer<typeof revokeLicenceBodySchema>;
