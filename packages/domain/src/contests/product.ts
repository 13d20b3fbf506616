import { z } from 'zod';

export const PRODUCT_STATUSES = ['available', 'all_picked'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A product's status from its live stock: 'available' while any is left. */
export function productStatus(stockQuantity: number): ProductStatus {
  return stockQuantity > 0 ? 'available' : 'all_picked';
}

/** What a product is, as its record states it (no stock). */
const productFields = {
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The concept or mood the product stands for on the contest's pages (e.g. 'Zen'). */
  concept: z.string(),
  /** The features a creator's film should show, one line each. */
  features: z.array(z.string()),
  /** URL of the product's picture, or null: the pages then draw a neutral illustration. */
  image_url: z.string().nullable(),
};

/**
 * One product of a contest, as GET /api/contests/{id}/ lists it: what it is, and the status its
 * tile shows when live stock cannot be read (spec §4 fallbacks; null: 'Status Unavailable').
 */
export const contestProductSchema = z.object({
  ...productFields,
  fallback_status: z.enum(PRODUCT_STATUSES).nullable(),
});
export type ContestProduct = z.infer<typeof contestProductSchema>;

/** One product with its live stock (GET /api/contests/{id}/products/, GET /api/brands/{id}/products/). */
export const productResponseSchema = z.object({
  ...productFields,
  status: z.enum(PRODUCT_STATUSES),
  stock_quantity: z.number().int(),
});
export type ProductResponse = z.infer<typeof productResponseSchema>;

export const productListResponseSchema = z.array(productResponseSchema);

/** `/api/brands/{id}/products/` */
export const brandProductsParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export type BrandProductsParams = z.infer<typeof brandProductsParamsSchema>;
