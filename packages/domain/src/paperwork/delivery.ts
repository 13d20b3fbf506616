import { z } from 'zod';
import { releaseSchema } from './paperwork';

/**
 * The licence a winning creator grants the contest's brand (issue 31): written once here, read by
 * the licence certificate the server makes and by the delivery page. The agreement's own text is
 * the contest's (its version is named on the certificate by its SHA-256).
 */
export const LICENCE_GRANT = {
  months: 24,
  terms: (brand: string) =>
    `The creator grants ${brand} and the organiser a non-exclusive, worldwide, royalty-free licence to show, share and adapt the film named below for promotion, with credit to the creator. The creator keeps the copyright.`,
} as const;

/** The day a licence of `months` starting `from` ends (the same day of the month, UTC). */
export function licenceEnds(from: Date, months: number = LICENCE_GRANT.months): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** The master: the original file of the judged (newest) entry version, as the creator uploaded it. */
export const deliveryMasterSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  /** Hex SHA-256 of the original's bytes. */
  sha256: z.string(),
  /** A short-lived link (its own token) that downloads the file; every download is audited. */
  url: z.string(),
});

/** A playable copy made from the master: the progressive MP4 and the HLS ladder. */
export const deliveryRenditionSchema = z.object({
  format: z.enum(['mp4', 'hls']),
  name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  url: z.string(),
});

/** `GET /api/entries/{id}/delivery/` (staff and the contest's brand, winning entries, after results). */
export const deliverySchema = z.object({
  entry_id: z.number(),
  contest: z.object({ id: z.number(), title: z.string() }),
  brand: z.object({ id: z.number(), name: z.string() }),
  creator: z.object({ id: z.number(), name: z.string() }),
  place: z.number(),
  /** The judged version's number and its film's title. */
  version: z.number(),
  title: z.string(),
  results_published_at: z.string(),
  master: deliveryMasterSchema,
  renditions: z.array(deliveryRenditionSchema),
  captions: z.array(z.object({ language: z.string(), url: z.string() })),
  /** The approved releases, with their file links. */
  releases: z.array(releaseSchema),
  /** The agreement version the creator accepted; null where none was recorded. */
  agreement: z.object({ version: z.number(), sha256: z.string(), accepted_at: z.string() }).nullable(),
  licence: z.object({ terms: z.string(), starts_on: z.string(), ends_on: z.string() }),
  /** A short-lived link to the licence certificate (PDF). */
  certificate_url: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** `GET /api/entries/{id}/delivery/master/?token=` and `…/certificate.pdf?token=`. */
export const deliveryFileQuerySchema = z.object({ token: z.string().max(512).optional() });

/** How many of an entry's releases are in each state (the entry page and Contest Submissions). */
export const releaseCountsSchema = z.object({
  approved: z.number(),
  pending: z.number(),
  rejected: z.number(),
});
export type ReleaseCounts = z.infer<typeof releaseCountsSchema>;
