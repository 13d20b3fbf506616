import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/paging';
import { shippingAddressSchema } from '../common/address';
import { APPLICATION_STATUSES } from './application';
import { CONTEST_ADMIN_LIMITS } from './create-contest';

/** `?sort=` of the applications list: newest or oldest first, or by name. */
export const APPLICATION_SORTS = ['newest', 'oldest', 'name'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

/** GET /api/contests/{id}/applications/?status=&product=&sort=&page= */
export const applicationListQuerySchema = pageQuerySchema.extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
  /** A product id. */
  product: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  sort: z.enum(APPLICATION_SORTS).default('newest'),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const applicationShipmentSchema = z.object({
  carrier: z.string(),
  tracking_number: z.string(),
  shipped_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type ApplicationShipment = z.infer<typeof applicationShipmentSchema>;

/** An application as staff and the contest's brand read it. */
export const managedApplicationSchema = z.object({
  id: z.number().int(),
  contest_id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  creator_id: z.number().int(),
  /** The account's e-mail. */
  creator_email: z.string(),
  full_name: z.string(),
  /** The e-mail given with the application. */
  email: z.string(),
  /**
   * Phone and address: for staff always; for the brand only once the creator is selected (they
   * are shipped to); null otherwise (issue 30).
   */
  phone_number: z.string().nullable(),
  bio: z.string(),
  shipping_address: shippingAddressSchema.nullable(),
  links: z.object({ youtube: z.string(), instagram: z.string(), portfolio: z.string() }),
  /** The creator's public profile, when they have one. */
  profile: z.object({
    display_name: z.string(),
    location: z.string(),
    avatar_url: z.string().nullable(),
  }),
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  decision: z.object({ note: z.string(), decided_at: z.string().nullable() }),
  shipment: applicationShipmentSchema.nullable(),
  created_at: z.string(),
});
export type ManagedApplication = z.infer<typeof managedApplicationSchema>;
export const managedApplicationPageSchema = pageSchema(managedApplicationSchema);
export type ManagedApplicationPage = z.infer<typeof managedApplicationPageSchema>;

export const applicationParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export type ApplicationParams = z.infer<typeof applicationParamsSchema>;

/** POST /api/applications/{id}/select/, /decline/, /withdraw/: an optional note. */
export const applicationDecisionBodySchema = z
  .object({ note: z.string().trim().max(CONTEST_ADMIN_LIMITS.noteMax).default('') })
  .nullish();
export type ApplicationDecisionBody = z.input<typeof applicationDecisionBodySchema>;

/** POST /api/applications/{id}/shipment/ */
export const shipmentBodySchema = z.object({
  carrier: z.string().trim().min(1).max(CONTEST_ADMIN_LIMITS.carrierMax),
  tracking_number: z.string().trim().min(1).max(CONTEST_ADMIN_LIMITS.trackingMax),
});
export type ShipmentBody = z.infer<typeof shipmentBodySchema>;

/**
 * POST /api/contests/{id}/applications/release/ (staff): declines every pending application of
 * the contest (of one product, if given) older than `older_than_days`, returning their units.
 */
export const releaseBodySchema = z.object({
  older_than_days: z.number().int().min(1).max(CONTEST_ADMIN_LIMITS.releaseDaysMax),
  product_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  note: z.string().trim().max(CONTEST_ADMIN_LIMITS.noteMax).default(''),
});
export type ReleaseBody = z.input<typeof releaseBodySchema>;
export const releaseResponseSchema = z.object({
  declined: z.number().int(),
  application_ids: z.array(z.number().int()),
});
export type ReleaseResponse = z.infer<typeof releaseResponseSchema>;

/**
 * GET /api/contests/{id}/applications/release/?older_than_days=&product_id= (staff): what a
 * release with the same threshold would do now, without doing it (the console's confirmation).
 */
export const releasePreviewQuerySchema = z.object({
  older_than_days: z.coerce.number().int().min(1).max(CONTEST_ADMIN_LIMITS.releaseDaysMax),
  product_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});
export type ReleasePreviewQuery = z.infer<typeof releasePreviewQuerySchema>;
export const releasePreviewSchema = z.object({
  older_than_days: z.number().int(),
  /** Pending applications made before this instant would be declined. */
  applied_before: z.string(),
  /** How many would be declined, and so how many units would go back to stock. */
  pending: z.number().int(),
  /** Per product of the contest (only those with any). */
  products: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), pending: z.number().int() }),
  ),
});
export type ReleasePreview = z.infer<typeof releasePreviewSchema>;

/** The shipping list's columns, in order. */
export const SHIPPING_CSV_HEADER = ['Name', 'E-mail', 'Phone', 'Address', 'Product'] as const;
