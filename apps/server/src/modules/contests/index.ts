/** The contests module's public face: what other modules and the app may use. */
export { acceptedAgreement, recordAgreementAcceptance } from './contest-agreements';
export { approvalsRequiredOf } from './contest-approvals';
export {
  contestFactsOf,
  contestLicenceTermsOf,
  contestTitlesOf,
  contestVideoRequirementsOf,
  productNamesOf,
  videoContestTitles,
  type ContestFacts,
} from './contest-reads';
export { contestsRoutes } from './contests.routes';
export {
  SERVER_SIDE,
  createContestsService,
  type ApplicationCounts,
  type ContestsPorts,
} from './contests.service';
export {
  judgingContestOf,
  markResultsPublished,
  publishedContestsOf,
  type JudgingContest,
} from './judged-contests';
export {
  contestHasProducts,
  currentRoundsOf,
  roundInContest,
  roundsOfContest,
  statusOfRound,
  type ContestRound,
  type RoundInContest,
} from './round-reads';
export { lockProducts, reserveOneUnit, returnUnits } from './product-stock';
export type { ContestsService } from './contests.service';
