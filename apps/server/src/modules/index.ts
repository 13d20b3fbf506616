import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { healthRoutes } from './health';
import { siteRoutes } from './site';
import { accountsRoutes, type AccountsOwners, namesOf } from './accounts';
import { creatorsRoutes, creatorProfilesForAccounts, type CreatorsOwners } from './creators';
import { contestsRoutes, acceptedAgreement, contestFactsOf, contestTitlesOf } from './contests';
import {
  applicationsRoutes,
  applicationCountsOf,
  applicationsOfCreator,
  heldUnitsOf,
  productsWithApplications,
} from './applications';
import { videosRoutes } from './videos';
import { staffRoutes } from './staff';
import {
  judgingRoutes,
  findCreatorResults,
  findPublishedPlaces,
  findScorecardEntries,
  findVideoAwards,
} from './judging';
import {
  entriesOfCreator,
  timelinesOf,
  entryCountsOf,
  videosOwners,
  moveEntry,
  entriesRoutes,
} from './entries';
import { payoutsRoutes, type PayoutsOwners } from './payouts';
import { paperworkRoutes, missingPaperwork, releaseBytesOf, releaseCountsOf } from './paperwork';
import { deliveryRoutes, type DeliveryOwners, mastersDeliveredToBrand } from './delivery';
import { notificationsRoutes, eventsRoutes } from './notifications';
import { insightsRoutes } from './insights';

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
