import type { ApplicationStatus } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { SessionsService } from '../accounts';

/** A creator's application as the dashboard shows it (applications' read). */
export interface ApplicationRow {
  contestId: number;
  status: ApplicationStatus;
  shippingCarrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}

/** A creator's entry with its newest version, the one judged (entries' read). */
export interface EntryRow {
  id: number;
  contestId: number;
  status: string;
  version: number;
  videoId: number;
  createdAt: Date;
}

/** One step of an entry's timeline (entries' read). */
export interface TimelineRow {
  entryId: number;
  step: string;
  version: number | null;
  createdAt: Date;
}

/** What the dashboard shows of a contest (contests' read). */
export interface ContestRow {
  title: string;
  description: string;
  thumbnailUrl: string;
  prizeCents: number;
  currency: string;
  submissionDeadline: Date;
  winnersAt: Date;
  timezone: string;
}

/** A creator's place and prize in a contest (judging's read). */
export interface ResultRow {
  contestId: number;
  place: number;
  prizeCents: number;
}

/**
 * What creators asks of modules above it (applications, entries, contests, judging: each imports
 * creators, directly or through another), passed in by modules/index.ts. Each is one query
 * whatever the number of rows.
 */
export interface CreatorsPorts {
  /** The creator's applications, one per contest. */
  applicationsOf: (db: DbOrTx, userId: number) => Promise<ApplicationRow[]>;
  /** The creator's entries, newest version first. */
  entriesOf: (db: DbOrTx, userId: number) => Promise<EntryRow[]>;
  /** The timelines of these entries, oldest step first. */
  timelinesOf: (db: DbOrTx, entryIds: number[]) => Promise<TimelineRow[]>;
  /** These contests, by id. */
  contestsOf: (db: DbOrTx, contestIds: number[]) => Promise<Map<number, ContestRow>>;
  /** The creator's places and prizes. */
  resultsOf: (db: DbOrTx, userId: number) => Promise<ResultRow[]>;
  /** The entry whose published scorecard the creator may open, by contest id. */
  scorecardEntries: (db: DbOrTx, userId: number) => Promise<Map<number, number>>;
}

/** What the creator's own profile asks besides: accounts' sessions (an address change ends them). */
export interface CreatorProfilePorts extends CreatorsPorts {
  sessions: SessionsService;
}
