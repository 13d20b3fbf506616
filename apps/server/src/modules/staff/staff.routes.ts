import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { staffAccountsRoutes, type AccountsPorts } from '../accounts';
import { staffAuditRoutes } from '../audit';
import { staffVideosRoutes, type VideosPorts } from '../videos';
import { staffInsightsRoutes } from '../insights';

/**
 * Everything under /api/staff/: the staff console's API. One onRequest hook admits staff only
 * (401 anonymous, 403 creators and brands) before any body is read; each route lives in the module
 * of its noun and is mounted here.
 */
export const staffRoutes =
  (deps: AppDeps, ports: { accounts: AccountsPorts; videos: VideosPorts }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      async (staff) => {
        staff.addHook('onRequest', app.requireStaff);
        await staff.register(staffVideosRoutes(deps, ports.videos));
        await staff.register(staffAccountsRoutes(deps, ports.accounts));
        await staff.register(staffAuditRoutes(deps));
        await staff.register(staffInsightsRoutes(deps));
      },
      { prefix: '/staff' },
    );
  };
