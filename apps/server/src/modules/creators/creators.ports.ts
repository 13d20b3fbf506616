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
  /** Null for an idea round's entry (issue 47: its title and text, no video). */
  videoId: number | null;
  createdAt: Date;
}

/** The round a contest is in (contests' read, issue 47). */
export interface CurrentRoundRow {
  id: number;
  contestId: number;
  title: string;
  kind: 'idea' | 'pitch' | 'film';
  /** 0 for the first round. */
  position: number;
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
  /** Each contest's current round, by contest id (issue 47). */
  currentRoundsOf: (db: DbOrTx, contestIds: number[], now: Date) => Promise<Map<number, CurrentRoundRow>>;
  /** The rounds the creator was advanced from (issue 47). */
  roundsAdvancedFrom: (
    db: DbOrTx,
    userId: number,
  ) => Promise<Array<{ roundId: number; nextRoundId: number | null }>>;
}

/** What the creator's own profile asks besides: accounts' sessions (an address change ends them). */
export interface CreatorProfilePorts extends CreatorsPorts {
  sessions: SessionsService;
}
