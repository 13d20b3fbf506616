import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import { healthRoutes } from './health';
import { siteRoutes } from './site';
import { accountsRoutes, type AccountsPorts, namesOf } from './accounts';
import { creatorsRoutes, creatorProfilesForAccounts, type CreatorsPorts } from './creators';
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
  videosPorts,
  moveEntry,
  entriesRoutes,
} from './entries';
import { payoutsRoutes, type PayoutsPorts } from './payouts';
import { paperworkRoutes, missingPaperwork, releaseBytesOf, releaseCountsOf } from './paperwork';
import { deliveryRoutes, type DeliveryPorts, mastersDeliveredToBrand } from './delivery';
import { notificationsRoutes, eventsRoutes } from './notifications';
import { insightsRoutes } from './insights';

/**
 * What accounts asks of creators (which sits above it): also used where accounts' services are
 * built outside the API (the admin CLI, the demo seed, tests).
 */
export const accountsPorts: AccountsPorts = { creatorProfiles: creatorProfilesForAccounts };

/**
 * What videos asks of creators, contests and entries (entries/videos-ports.ts, where entries
 * builds its own videos service); also used by the app's media access, the admin CLI and the seeds.
 */
export { videosPorts };

/** What the creator dashboard asks of the modules above creators. */
const creatorsPorts: CreatorsPorts = {
  applicationsOf: applicationsOfCreator,
  entriesOf: entriesOfCreator,
  timelinesOf,
  contestsOf: contestFactsOf,
  resultsOf: findCreatorResults,
  scorecardEntries: findScorecardEntries,
};

/** What payouts asks of the modules above it; also used by the demo seed. */
export const payoutsPorts: PayoutsPorts = { namesOf, contestTitlesOf, moveEntry, missingPaperwork };

/** What delivery asks of contests: the agreement version the winner accepted, named on the certificate. */
const deliveryPorts: DeliveryPorts = { acceptedAgreement };

/**
 * Every API module, mounted under /api. Each is `(deps) => plugin`, or `(deps, ports) => plugin`
 * when it needs reads of modules above it in the import order (a direct import would close a
 * circle): those functions are passed here, and only here, as the factory's second argument.
 */
export const apiModules: Array<(deps: AppDeps) => FastifyPluginAsyncZod> = [
  healthRoutes,
  siteRoutes,
  (deps) => accountsRoutes(deps, accountsPorts),
  (deps) =>
    contestsRoutes(deps, { entryCountsOf, applicationCountsOf, heldUnitsOf, productsWithApplications }),
  applicationsRoutes,
  (deps) => creatorsRoutes(deps, creatorsPorts),
  (deps) =>
    videosRoutes(deps, {
      ...videosPorts,
      awardsOf: findVideoAwards,
      mastersDeliveredToBrand,
      // Release forms count in the storage quota of the uploads the videos routes receive.
      storedBytesElsewhere: releaseBytesOf,
    }),
  (deps) => staffRoutes(deps, { accounts: accountsPorts, videos: videosPorts }),
  judgingRoutes,
  (deps) => payoutsRoutes(deps, payoutsPorts),
  (deps) => entriesRoutes(deps, { releaseCountsOf, placesOf: findPublishedPlaces }),
  paperworkRoutes,
  (deps) => deliveryRoutes(deps, deliveryPorts),
  notificationsRoutes,
  eventsRoutes,
  insightsRoutes,
];
