import type { DbOrTx } from '../../db/client';

/** What a video shows of its creator's profile (creators' read). */
export interface VideoCreatorProfile {
  userId: number;
  experienceLevel: string | null;
  avatarKey: string | null;
  country: string;
  bio: string;
}

/**
 * What videos asks of the modules above it (creators, contests, entries), which it cannot import
 * without closing a circle: passed in where a videos service is built (`videosOwners`,
 * entries/video-owners.ts). Id lists in, one query each.
 */
export interface VideosOwners {
  /** The profiles of these creators, by user id (creators without one are absent). */
  creatorProfilesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, VideoCreatorProfile>>;
  /** The titles of these contests, by id. */
  contestTitlesOf(db: DbOrTx, contestIds: number[]): Promise<Map<number, string>>;
  /** Of these videos, those entered (as any version of an entry) in a contest of the brand. */
  videosEnteredWithBrand(db: DbOrTx, brandId: number, videoIds: number[]): Promise<Set<number>>;
  /** Whether the video is a version of a contest entry (entry_versions keeps it: no deleting). */
  isVideoEntered(db: DbOrTx, videoId: number): Promise<boolean>;
}
