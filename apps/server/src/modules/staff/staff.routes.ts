import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAccountsRoutes } from '../accounts';
import { staffAuditRoutes } from '../audit';
import { staffVideosRoutes } from '../videos';
import { staffInsightsRoutes } from '../insights';

type StaffServices = Parameters<typeof staffVideosRoutes>[0] &
  Parameters<typeof staffAccountsRoutes>[0] &
  Parameters<typeof staffAuditRoutes>[0] &
  Parameters<typeof staffInsightsRoutes>[0];

/**
 * Everything under /api/staff/: the staff console's API. One onRequest hook admits staff only
 * (401 anonymous, 403 creators and brands) before any body is read; each route lives in the module
 * of its noun and is mounted here.
 */
export const staffRoutes =
  (services: StaffServices): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      async (staff) => {
        staff.addHook('onRequest', app.requireStaff);
        await staff.register(staffVideosRoutes(services));
        await staff.register(staffAccountsRoutes(services));
        await staff.register(staffAuditRoutes(services));
        await staff.register(staffInsightsRoutes(services));
      },
      { prefix: '/staff' },
    );
  };
