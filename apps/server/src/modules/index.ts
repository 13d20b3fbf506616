import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import {
  accountsRoutes,
  createAccessCheck,
  createAccountsService,
  createInvitationsService,
  createSessionsService,
  createStaffAccountsService,
  createBrandTeamService,
  namesOf,
  type AccountsPorts,
} from './accounts';
import {
  applicationCountsOf,
  applicationsOfCreator,
  applicationsRoutes,
  createApplicationsService,
  heldUnitsOf,
  productsWithApplications,
} from './applications';
import { audienceRoutes, createAudienceService } from './audience';
import { createAuditService } from './audit';
import { conversationsRoutes, createConversationsService } from './conversations';
import {
  contestsRoutes,
  acceptedAgreement,
  contestFactsOf,
  contestTitlesOf,
  createContestsService,
  currentRoundsOf,
  type ContestsPorts,
} from './contests';
import {
  createCreatorProfileService,
  createCreatorsService,
  creatorProfilesForAccounts,
  creatorsRoutes,
  type CreatorsPorts,
} from './creators';
import {
  createDeliveryService,
  createLicencesService,
  deliveryRoutes,
  issueLicences,
  licencesRoutes,
  mastersDeliveredToBrand,
} from './delivery';
import {
  createEntriesService,
  entriesOfCreator,
  entriesRoutes,
  entryContext,
  entryCountsOf,
  moveEntry,
  roundsWithEntriesOf,
  timelinesOf,
  videosPorts,
} from './entries';
import { createHealthService, healthRoutes } from './health';
import { createInsightsService, insightsRoutes } from './insights';
import {
  createJudgingService,
  findCreatorResults,
  findPublishedPlaces,
  findScorecardEntries,
  findVideoAwards,
  judgingRoutes,
  roundsAdvancedFrom,
  wasAdvancedFrom,
  type JudgingPorts,
} from './judging';
import { createNotificationsService, eventsRoutes, notificationsRoutes } from './notifications';
import {
  createPaperworkService,
  missingPaperwork,
  paperworkRoutes,
  releaseBytesOf,
  releaseCountsOf,
} from './paperwork';
import { createPayoutsService, payoutsRoutes, type PayoutsPorts } from './payouts';
import { createSiteService, siteRoutes } from './site';
import { staffRoutes } from './staff';
import { createVideoLibrary, createVideosService, videosRoutes } from './videos';

/**
 * The composition root: every module's service is built here, once per process, and handed the
 * ports it needs (the services of the modules it builds on, and reads of the modules above it,
 * which it cannot import without closing a circle). No service factory builds another module's
 * service; route plugins, job handlers and the app's media access take theirs from here.
 */

/** What accounts asks of creators (which sits above it); also used by the admin CLI and the seeds. */
export const accountsPorts: AccountsPorts = { creatorProfiles: creatorProfilesForAccounts };

/** What videos asks of creators, contests and entries (entries/videos-ports.ts). */
export { videosPorts };

/** What the creator dashboard asks of the modules above creators. */
const creatorsPorts: CreatorsPorts = {
  applicationsOf: applicationsOfCreator,
  entriesOf: entriesOfCreator,
  timelinesOf,
  contestsOf: contestFactsOf,
  resultsOf: findCreatorResults,
  scorecardEntries: findScorecardEntries,
  currentRoundsOf,
  roundsAdvancedFrom,
};

/** What payouts asks of the modules above it; also used by the demo seed. */
export const payoutsPorts: PayoutsPorts = { namesOf, contestTitlesOf, moveEntry, missingPaperwork };

/**
 * What judging asks of delivery (which sits above it): the placed entries' licences, issued when
 * results are published or corrected; also used by the demo seed.
 */
export const judgingPorts = (deps: Pick<AppDeps, 'database' | 'storage' | 'log'>): JudgingPorts => ({
  issueLicences: (grants) => issueLicences(deps, grants),
});

/**
 * What the contests' brand pages ask of the modules above contests: counts and held stock; also
 * used by the demo seed (saving rounds asks for entries).
 */
export const contestsPorts: ContestsPorts = {
  entryCountsOf,
  roundsWithEntriesOf,
  applicationCountsOf,
  heldUnitsOf,
  productsWithApplications,
};

/** Every module's service, built once with its ports. */
export function composeServices(deps: AppDeps) {
  const accessCheck = createAccessCheck(deps);
  const accounts = createAccountsService(deps, accountsPorts);
  const sessions = createSessionsService(deps);
  const videoPorts = {
    ...videosPorts,
    awardsOf: findVideoAwards,
    mastersDeliveredToBrand,
    // Release forms count in the storage quota of the uploads videos receives.
    storedBytesElsewhere: releaseBytesOf,
  };
  const videos = createVideosService(deps, videoPorts);
  const contests = createContestsService(deps);
  // Entries as their pages show them, shared by paperwork and delivery, which work on entries.
  const entryPages = entryContext(deps, { videos });
  const paperwork = createPaperworkService(deps, { entries: entryPages });
  const deliveryPorts = { acceptedAgreement, entries: entryPages, paperwork, videos };
  return {
    accessCheck,
    health: createHealthService(deps),
    site: createSiteService(deps),
    accounts,
    sessions,
    invitations: createInvitationsService(deps, accountsPorts),
    brandTeam: createBrandTeamService(deps),
    staffAccounts: createStaffAccountsService(deps),
    audit: createAuditService(deps),
    notifications: createNotificationsService(deps),
    conversations: createConversationsService(deps),
    contests,
    contestsPorts,
    applications: createApplicationsService(deps, { contests }),
    creators: createCreatorsService(deps, creatorsPorts),
    creatorProfiles: createCreatorProfileService(deps, { ...creatorsPorts, sessions }),
    videos,
    videoLibrary: createVideoLibrary(deps, videoPorts),
    entries: createEntriesService(deps, {
      videos,
      contests,
      releaseCountsOf,
      placesOf: findPublishedPlaces,
      wasAdvancedFrom,
    }),
    judging: createJudgingService(deps, judgingPorts(deps)),
    paperwork,
    payouts: createPayoutsService(deps, payoutsPorts),
    delivery: createDeliveryService(deps, deliveryPorts),
    licences: createLicencesService(deps, deliveryPorts),
    insights: createInsightsService(deps),
    audience: createAudienceService(deps),
  };
}

export type Services = ReturnType<typeof composeServices>;

/** Every API module, mounted under /api, given its services (and the infrastructure it reads). */
export const apiModules: Array<(deps: AppDeps, services: Services) => FastifyPluginAsyncZod> = [
  (_, services) => healthRoutes(services),
  (_, services) => siteRoutes(services),
  accountsRoutes,
  (_, services) => contestsRoutes(services),
  (_, services) => applicationsRoutes(services),
  creatorsRoutes,
  videosRoutes,
  (_, services) => staffRoutes(services),
  (_, services) => judgingRoutes(services),
  (_, services) => payoutsRoutes(services),
  (_, services) => entriesRoutes(services),
  (_, services) => paperworkRoutes(services),
  (_, services) => deliveryRoutes(services),
  (_, services) => licencesRoutes(services),
  notificationsRoutes,
  eventsRoutes,
  insightsRoutes,
  conversationsRoutes,
  (_, services) => audienceRoutes(services),
];
