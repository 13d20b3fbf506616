import type { Subquery } from 'drizzle-orm';
import type { VideoRequirements } from '@app/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

/** What a video shows of its creator's profile (creators' read). */
export interface VideoCreatorProfile {
  userId: number;
  experienceLevel: string | null;
  avatarKey: string | null;
  country: string;
  bio: string;
}

/** An owner's subquery with these columns, for a videos statement to left-join its rows to. */
export type JoinableColumns<Name extends string> = Subquery & Record<Name, AnyPgColumn>;

/**
 * What videos asks of the modules above it (creators, contests, entries), which it cannot import
 * without closing a circle: its ports, passed in where a videos service is built (entries builds
 * them; modules/index.ts wires them). The creators' profiles and contests' titles are those
 * modules' subqueries, which the statements of the library, search, video page and review queue
 * left-join (one statement per page, the statements of the join it replaced: docs/benchmarks.md);
 * the rest are reads, id lists in, one query each.
 */
export interface VideosPorts {
  /** Creator profiles: `userId`, `experienceLevel`, `avatarKey`, `country`, `bio` (creators). */
  creatorProfiles(db: DbOrTx): JoinableColumns<keyof VideoCreatorProfile>;
  /** Contests' titles: `id`, `title` (contests). */
  contestTitles(db: DbOrTx): JoinableColumns<'id' | 'title'>;
  /** Of these videos, those entered (as any version of an entry) in a contest of the brand. */
  videosEnteredWithBrand(db: DbOrTx, brandId: number, videoIds: number[]): Promise<Set<number>>;
  /** Whether the video is a version of a contest entry (entry_versions keeps it: no deleting). */
  isVideoEntered(db: DbOrTx, videoId: number): Promise<boolean>;
  /**
   * Of these videos, the masters delivered to the brand (delivery's `mastersDeliveredToBrand`):
   * what `canDownloadOriginal` lets a brand download. Wired by modules/index.ts for the videos
   * routes and by delivery; where it is absent (entries' reviewing views, jobs, the CLI) no brand
   * is given an original.
   */
  mastersDeliveredToBrand?(db: DbOrTx, brandId: number, videoIds: number[]): Promise<Set<number>>;
  /**
   * The bytes of the files modules above videos keep for the owner (paperwork's release forms),
   * counted in the owner's storage quota with their videos and captions (upload-quota.ts). Wired
   * by modules/index.ts wherever uploads are received; absent, only videos and captions count.
   */
  storedBytesElsewhere?(db: DbOrTx, ownerId: number): Promise<number>;
  /**
   * The video requirements of the contest the video is entered in (the contest of the newest
   * entry version carrying it), null when it is entered nowhere: its technical check judges the
   * stream facts against them (issue 51). Absent, they are reported as facts.
   */
  enteredVideoRequirements?(db: DbOrTx, videoId: number): Promise<VideoRequirements | null>;
}
