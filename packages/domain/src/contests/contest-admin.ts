import { z } from 'zod';
import {
  CONTEST_ADMIN_LIMITS,
  createContestBodySchema,
  createProductBodySchema,
  type CreateContestData,
} from './create-contest';

/** draft (staff and its brand only) → published → archived (off the public lists). */
export const PUBLICATION_STATUSES = ['draft', 'published', 'archived'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** A schema without its default: an absent field stays absent (PATCH keeps the stored value). */
function withoutDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
}

/** A product in PATCH /api/contests/{id}/: with `id` an existing product of the contest, else a new one. */
export const updateProductBodySchema = createProductBodySchema.extend({
  id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;

const createShape = createContestBodySchema.shape;
type UpdateShape = { [K in keyof typeof createShape]: z.ZodOptional<z.ZodType<CreateContestData[K]>> };

/**
 * PATCH /api/contests/{id}/: any field of the create body; an absent field keeps its value. The
 * merged contest is checked by the same rules as a new one (createContestBodySchema, timeline order).
 * `products`, when given, is the whole list: products with `id` are kept and edited (their stock
 * changes only through the stock call), products without `id` are added, and a product left out is
 * removed unless someone applied for it.
 */
export const updateContestBodySchema = z.object({
  ...(Object.fromEntries(
    Object.entries(createShape).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()]),
  ) as UpdateShape),
  products: z.array(updateProductBodySchema).min(1).max(CONTEST_ADMIN_LIMITS.productsMax).optional(),
});
export type UpdateContestBody = z.input<typeof updateContestBodySchema>;

/** POST /api/contests/{id}/products/{product_id}/stock/ (staff): units in all, reserved included. */
export const productStockBodySchema = z.object({
  total: z.number().int().min(0).max(CONTEST_ADMIN_LIMITS.stockMax),
});
export type ProductStockBody = z.infer<typeof productStockBodySchema>;

export const contestProductParamsSchema = z.object({
  id: z.string().min(1).max(200),
  product_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export type ContestProductParams = z.infer<typeof contestProductParamsSchema>;

/** A product's stock as staff see it: left to give away, reserved by applications, in all. */
export const productStockResponseSchema = z.object({
  product_id: z.number().int(),
  stock_quantity: z.number().int(),
  reserved: z.number().int(),
  total: z.number().int(),
});
export type ProductStockResponse = z.infer<typeof productStockResponseSchema>;
export const productStockListSchema = z.array(productStockResponseSchema);

/** POST /api/contests/images/ (multipart `image`): the stored banner or thumbnail. */
export const contestImageResponseSchema = z.object({
  /** Put this in `banner` or `thumbnail`. */
  key: z.string(),
  url: z.string(),
});
export type ContestImageResponse = z.infer<typeof contestImageResponseSchema>;

/** One contest of the brand dashboard (GET /api/brand/contests/), with its counts. */
export const brandContestSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  publication_status: z.enum(PUBLICATION_STATUSES),
  starts_at: z.string(),
  application_deadline: z.string(),
  submission_deadline: z.string(),
  winners_at: z.string(),
  timezone: z.string(),
  counts: z.object({
    pending: z.number().int(),
    selected: z.number().int(),
    declined: z.number().int(),
    withdrawn: z.number().int(),
    shipped: z.number().int(),
    entries: z.number().int(),
  }),
});
export type BrandContest = z.infer<typeof brandContestSchema>;
export const brandContestListSchema = z.array(brandContestSchema);

/** Messages of the contest console that the spec does not word. */
export const CONTEST_ADMIN_MESSAGES = {
  timelineOrder: 'The dates must follow each other: start, applications, videos, judging, winners.',
  prizeRequired: 'Give the prize (prize or prize_cents).',
  brandOwnOnly: 'A brand user creates contests for their own brand only.',
  stockBelowReserved: 'The stock cannot go below the units already reserved by applications.',
  productHasApplications: 'A product that creators applied for cannot be removed.',
  productUnknown: 'This product is not offered by this contest.',
  notPending: 'Only a pending application can be selected or declined.',
  notSelected: 'Only a selected application can be withdrawn or shipped.',
  alreadyShipped: 'This product has already been shipped.',
  notShipped: 'Mark the product shipped before marking it delivered.',
  alreadyDelivered: 'This product has already been marked delivered.',
  imageInvalid: 'Upload a JPEG, PNG or WebP image.',
  imageTooLarge: 'The image is too large (8 MB at most).',
  archived: 'This contest is archived.',
} as const;

/** GET /api/brands/ (staff: every brand; a brand user: its own): the brands a contest can be for. */
export const brandOptionSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type BrandOption = z.infer<typeof brandOptionSchema>;
export const brandOptionListSchema = z.array(brandOptionSchema);
