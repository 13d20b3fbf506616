import { z } from 'zod';

/** `GET /api/health/`: HTTP 200 while the database answers, 503 (same shape) when it does not. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({ status: z.enum(['ok', 'down']), driver: z.enum(['pglite', 'postgres']) }),
  uptime_seconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/config/`: the public settings the web app needs (Google sign-in, community link). */
export const publicConfigResponseSchema = z.object({
  google_client_id: z.string().nullable(),
  community_url: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigResponseSchema>;
