import type { FastifyInstance } from 'fastify';

/**
 * Who may use the creators API. The dashboard, stats, earnings, submissions and the creator
 * profile are a creator's own: the routes admit creators only (`creatorsOnly`) and key every read
 * and write by the caller's id, so no rule needs a loaded record. The e-mail change and undo links
 * take no session (their signed tokens name the account), and a profile change must also echo the
 * CSRF cookie (csrf.ts).
 */

/** The preHandler of the creators API's routes: 401 anonymous, 403 brands and staff. */
export const creatorsOnly = (app: FastifyInstance) => app.requireRole('creator');
