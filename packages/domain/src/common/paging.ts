import { z } from 'zod';

/** `?page=N` of every paginated list: 1-based, bounded. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * A page of a paginated list (Django REST style, which the spec's clients read): the total
 * `count`, the URLs of the next and previous pages (null at either end) and the `results`.
 */
export function pageSchema<TItem extends z.ZodTypeAny>(item: TItem) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Page<TItem> = { count: number; next: string | null; previous: string | null; results: TItem[] };
