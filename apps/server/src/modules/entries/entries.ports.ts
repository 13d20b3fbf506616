import type { ReleaseCounts } from '@app/domain';
import type { DbOrTx } from '../../db/client';

/**
 * Entries' ports: what entries asks of the modules above it (passed by modules/index.ts): the
 * releases' state of each entry (paperwork) and its published place (judging), shown on the entry
 * page and the contest's list. Without them (jobs, seeds) entries are answered without them.
 */
export interface EntriesPorts {
  releaseCountsOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, ReleaseCounts>>;
  /** The places entries won, once results are published (judging): a winner's delivery opens. */
  placesOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, number>>;
}
