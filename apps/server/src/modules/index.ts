import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { healthRoutes } from './health/health.routes';
import { siteRoutes } from './site/site.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { creatorsRoutes } from './creators/creators.routes';
import { contestsRoutes } from './contests/contests.routes';
import { applicationsRoutes } from './applications/applications.routes';
import { videosRoutes } from './videos/videos.routes';
import { staffRoutes } from './staff/staff.routes';
import { judgingRoutes } from './judging/judging.routes';
import { findScorecardEntries, findVideoAwards } from './judging/judging.service';
import { namesOf } from './accounts/user-reads';
import { contestTitlesOf } from './contests/contest-reads';
import { moveEntry } from './entries/entry-progress';
import { payoutsRoutes } from './payouts/payouts.routes';
import { entriesRoutes } from './entries/entries.routes';

/**
 * Every API module, mounted under /api. Each is `(deps) => plugin`; a module that needs another's
 * read the other way round from their imports gets it here (videos shows awards judging owns;
 * payouts lists names, titles and moves entries that accounts, contests and entries own).
 */
export const apiModules: Array<(deps: AppDeps) => FastifyPluginAsyncZod> = [
  healthRoutes,
  siteRoutes,
  accountsRoutes,
  contestsRoutes,
  applicationsRoutes,
  // The creator dashboard shows judging's scorecards; judging sits above creators.
  (deps) => creatorsRoutes({ ...deps, scorecardEntries: findScorecardEntries }),
  (deps) => videosRoutes(deps, { awardsOf: findVideoAwards }),
  staffRoutes,
  judgingRoutes,
  (deps) => payoutsRoutes(deps, { namesOf, contestTitlesOf, moveEntry }),
  entriesRoutes,
];
