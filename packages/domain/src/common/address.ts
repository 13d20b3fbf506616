import { z } from 'zod';

/** The six fields of a shipping address (spec §3 application payload and current user). */
export const SHIPPING_ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal', 'country'] as const;

/** A shipping address as the API sends and receives it; missing fields read as empty. */
export const shippingAddressSchema = z.object({
  line1: z.string().default(''),
  line2: z.string().default(''),
  city: z.string().default(''),
  state: z.string().default(''),
  postal: z.string().default(''),
  country: z.string().default(''),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
