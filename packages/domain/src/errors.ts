import { z } from 'zod';

/**
 * The one JSON error shape every API error uses:
 * `{ detail, code, ...fieldErrors }` where field errors are `{ field: [message] }` (Django REST style,
 * which the spec's message extraction reads).
 */
export const apiErrorBodySchema = z.object({ detail: z.string(), code: z.string() }).loose();
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
