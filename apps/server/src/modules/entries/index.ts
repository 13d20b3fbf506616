/** The entries module's public face: what other modules and the app may use. */
export { entriesOfCreator, timelinesOf } from './creator-entries';
export { startEntryJobHandlers } from './entries.jobs';
export { entriesRoutes } from './entries.routes';
export { createEntriesService } from './entries.service';
export { approvedVersionsAmong } from './entry-approvals';
export { entryContext } from './entry-context';
export { moveEntry } from './entry-progress';
export {
  entriesAtOrAfter,
  entryContestsOf,
  entryCountsOf,
  entryIdsOf,
  entryIdsOfRound,
  roundsWithEntriesOf,
  entryOf,
  entryStatusCountsOf,
  entrySubmissionsByDay,
  entryVideosOf,
} from './entry-reads';
export { latestVersions } from './latest-versions';
export { videosPorts } from './videos-ports';
export type { EntriesService } from './entries.service';
export type { EntryContext } from './entry-context';
export type { EntriesPorts } from './entries.ports';
