import type { ReleaseCounts } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { ContestsService } from '../contests';
import type { VideosService } from '../videos';

/** What the entry context asks of the modules below entries: the versions' videos. */
export interface EntryContextPorts {
  videos: VideosService;
}

/**
 * Entries' ports, passed by the composition root (modules/index.ts): the videos and contests
 * services it builds on, and what it asks of the modules above it: the releases' state of each entry
 * (paperwork) and its published place (judging), shown on the entry page and the contest's list.
 */
export interface EntriesPorts extends EntryContextPorts {
  /** The contest and its window, judged by this service's clock. */
  contests: ContestsService;
  releaseCountsOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, ReleaseCounts>>;
  /** The places entries won, once results are published (judging): a winner's delivery opens. */
  placesOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, number>>;
  /** Whether the creator was advanced from the round (judging; issue 47: who enters the next). */
  wasAdvancedFrom(db: DbOrTx, roundId: number, userId: number): Promise<boolean>;
}
