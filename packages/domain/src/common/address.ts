import { z } from 'zod';

/** The six fields of a shipping address (spec §3 application payload and current user). */
export const SHIPPING_ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal', 'country'] as const;

/** The longest value any one address field takes. */
export const SHIPPING_ADDRESS_FIELD_MAX = 200;

const field = () => z.string().max(SHIPPING_ADDRESS_FIELD_MAX).default('');

/** A shipping address as the API sends and receives it; missing fields read as empty. */
export const shippingAddressSchema = z.object({
  line1: field(),
  line2: field(),
  city: field(),
  state: field(),
  postal: field(),
  country: field(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
