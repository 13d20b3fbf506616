/** The judging module's public face: what other modules and the app may use. */
export { judgedEntryCardsOf, type JudgedEntryCard } from './entry-cards';
export { scoredByJudgeOf } from './judging-reads';
export type { JudgingPorts, LicenceGrant } from './judging.ports';
export { judgingRoutes } from './judging.routes';
export {
  createJudgingService,
  findCreatorResults,
  findPublishedPlace,
  findPublishedPlaces,
  findScorecardEntries,
  findVideoAwards,
  roundsAdvancedFrom,
  wasAdvancedFrom,
} from './judging.service';
export type { JudgingService } from './judging.service';
