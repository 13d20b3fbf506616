import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { healthRoutes } from './health/health.routes';
import { siteRoutes } from './site/site.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import type { AccountsOwners } from './accounts/accounts.service';
import { creatorsRoutes } from './creators/creators.routes';
import { creatorProfilesForAccounts } from './creators/account-profile';
import { contestsRoutes } from './contests/contests.routes';
import { applicationsRoutes } from './applications/applications.routes';
import { videosRoutes } from './videos/videos.routes';
import { staffRoutes } from './staff/staff.routes';
import { judgingRoutes } from './judging/judging.routes';
import {
  findCreatorResults,
  findPublishedPlaces,
  findScorecardEntries,
  findVideoAwards,
} from './judging/judging.service';
import type { CreatorsOwners } from './creators/creators.service';
import { entriesOfCreator, timelinesOf } from './entries/creator-entries';
import { entryCountsOf } from './entries/entry-reads';
import { videosOwners } from './entries/video-owners';
import {
  applicationCountsOf,
  applicationsOfCreator,
  heldUnitsOf,
  productsWithApplications,
} from './applications/application-reads';
import { namesOf } from './accounts/user-reads';
import { acceptedAgreement, contestFactsOf, contestTitlesOf } from './contests/contest-reads';
import { moveEntry } from './entries/entry-progress';
import { payoutsRoutes } from './payouts/payouts.routes';
import { entriesRoutes } from './entries/entries.routes';
import { paperworkRoutes } from './paperwork/paperwork.routes';
import { missingPaperwork, releaseBytesOf, releaseCountsOf } from './paperwork/paperwork-reads';
import { deliveryRoutes } from './delivery/delivery.routes';
import type { DeliveryOwners } from './delivery/delivery.owners';
import { mastersDeliveredToBrand } from './delivery/delivery-reads';
import type { PayoutsOwners } from './payouts/payouts.service';
import { notificationsRoutes } from './notifications/notifications.routes';
import { eventsRoutes } from './notifications/events.routes';
import { insightsRoutes } from './insights/insights.routes';

/**
 * What accounts asks of creators (which sits above it): also used where accounts' services are
 * built outside the API (the admin CLI, the demo seed, tests).
 */
export const accountsOwners: AccountsOwners = { creatorProfiles: creatorProfilesForAccounts };

/**
 * What videos asks of creators, contests and entries (entries/video-owners.ts, where entries
 * builds its own videos service); also used by the app's media access, the admin CLI and the seeds.
 */
export { videosOwners };

/** What the creator dashboard asks of the modules above creators. */
const creatorsOwners: CreatorsOwners = {
  applicationsOf: applicationsOfCreator,
  entriesOf: entriesOfCreator,
  timelinesOf,
  contestsOf: contestFactsOf,
  resultsOf: findCreatorResults,
  scorecardEntries: findScorecardEntries,
};

/** What payouts asks of the modules above it; also used by the demo seed. */
export const payoutsOwners: PayoutsOwners = { namesOf, contestTitlesOf, moveEntry, missingPaperwork };

/** What delivery asks of contests: the agreement version the winner accepted, named on the certificate. */
const deliveryOwners: DeliveryOwners = { acceptedAgreement };

/**
 * Every API module, mounted under /api. Each is `(deps) => plugin`, or `(deps, owners) => plugin`
 * when it needs reads of modules above it in the import order (a direct import would close a
 * circle): those functions are passed here, and only here, as the factory's second argument.
 */
export const apiModules: Array<(deps: AppDeps) => FastifyPluginAsyncZod> = [
  healthRoutes,
  siteRoutes,
  (deps) => accountsRoutes(deps, accountsOwners),
  (deps) =>
    contestsRoutes(deps, { entryCountsOf, applicationCountsOf, heldUnitsOf, productsWithApplications }),
  applicationsRoutes,
  (deps) => creatorsRoutes(deps, creatorsOwners),
  (deps) =>
    videosRoutes(deps, {
      ...videosOwners,
      awardsOf: findVideoAwards,
      mastersDeliveredToBrand,
      // Release forms count in the storage quota of the uploads the videos routes receive.
      storedBytesElsewhere: releaseBytesOf,
    }),
  (deps) => staffRoutes(deps, { accounts: accountsOwners, videos: videosOwners }),
  judgingRoutes,
  (deps) => payoutsRoutes(deps, payoutsOwners),
  (deps) => entriesRoutes(deps, { releaseCountsOf, placesOf: findPublishedPlaces }),
  paperworkRoutes,
  (deps) => deliveryRoutes(deps, deliveryOwners),
  notificationsRoutes,
  eventsRoutes,
  insightsRoutes,
];
