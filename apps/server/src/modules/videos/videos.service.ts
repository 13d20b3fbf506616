import { DELIVERY_MESSAGES, MESSAGES, type EntryVideo, type Video } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { callerOf, type Caller } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { parseRange } from '../../storage/media.routes';
import { contentTypeOf, type StoredObject } from '../../storage/storage';
import { createAccessCheck } from '../accounts';
import { safeFileName, verifyDownloadToken } from '../../lib/download-tokens';
import { createVideoChanges } from './owner-changes';
import { createVideoReceiving } from './receiving';
import { createVideoReview } from './review';
import * as repo from './videos.repository';
import { refreshSearchVectors } from './video-rows';
import type { VideosOwners } from './videos.owners';
import * as processing from './videos.processing';
import { canDownloadOriginal } from './videos.policy';
import { createVideoViews, notFound, type VideosServiceDeps } from './video-views';

export type { VideosServiceDeps } from './video-views';
export type { VideosOwners } from './videos.owners';
export { checkVideoText, type UploadFormPart } from './receiving';
export { createVideoLibrary, type VideoAwardsLookup } from './library';

/** A video's original opened for download: the stream (or a range of it) and how to name it. */
export interface OpenedOriginal {
  object: StoredObject;
  /** The whole file's size in bytes. */
  size: number;
  fileName: string;
  contentType: string;
}

/** How an original is named and typed for download. */
function originalFacts(row: { title: string; originalKey: string }, size: number) {
  const extension = row.originalKey.slice(row.originalKey.lastIndexOf('.') + 1);
  return {
    size,
    fileName: safeFileName(row.title, extension),
    contentType: contentTypeOf(row.originalKey) ?? 'application/octet-stream',
  };
}

/**
 * Videos (spec §7): receiving uploads (`receiving.ts`), staff's review (`review.ts`), the owner's
 * changes (`owner-changes.ts`), and here the reads other modules make, the original's download and
 * who may fetch media. The library's list, search and video page are `createVideoLibrary`.
 */
export function createVideosService(deps: VideosServiceDeps, owners: VideosOwners) {
  const db = deps.database.db;
  const isCurrentAccess = createAccessCheck(deps);
  const { storage } = deps;
  const views = createVideoViews(deps, owners);
  const { present, presentForEntry, withEntryAccess, loadVisible, rows: videoRows } = views;

  /** The video if `user` may have its original (`canDownloadOriginal`); 404 or 403 otherwise. */
  const admittedOriginal = async (id: number, user: Caller) => {
    const row = await loadVisible(id, user);
    if (!canDownloadOriginal(user, row))
      throw new AppError('forbidden', DELIVERY_MESSAGES.originalNotDelivered);
    return row;
  };

  return {
    ...createVideoReceiving(deps, views),
    ...createVideoReview(deps, views),
    ...createVideoChanges(deps, views),

    /**
     * Who may fetch a video's files from /media without a signature: anyone while it is approved;
     * otherwise nobody ('private': signed URLs only). Read from the database on every request, the
     * one truth every process shares: an approval ends at any moment (the owner's edit sends the
     * video back to review, staff reject it, it is deleted), in whichever process, and a memory of
     * it in this one would keep serving the files. The read is one indexed probe by a prepared
     * statement (`findApprovalByFolder`).
     */
    async mediaAccess(folder: string): Promise<'public' | 'private'> {
      return (await repo.findApprovalByFolder(db, folder)) ? 'public' : 'private';
    },

    /**
     * Probes a video's original, stores its metadata, then makes its poster and preview, here and
     * now (the work of the process-video job, for callers without a job queue). On the last
     * attempt a failure is recorded on the video instead of thrown.
     */
    async processVideo(videoId: number, options: { lastAttempt: boolean; playableAt?: Date }): Promise<void> {
      await processing.processVideo(deps, videoId, options);
    },

    /**
     * A creator's own video, for entering it in a contest: 404 when there is none or it is not
     * theirs (someone else's video is never revealed).
     */
    async getOwnVideo(id: number, user: Caller): Promise<Video> {
      const row = await videoRows.findVideo(db, id);
      if (!row || row.ownerId !== user.id) throw notFound();
      return present(row, user);
    },

    /**
     * The videos of contest entries, by id, for a caller the entries module already allowed (the
     * entrant, staff, the contest's brand): no visibility rule of the library applies here.
     */
    async entryVideos(ids: number[], viewer?: Caller): Promise<Map<number, EntryVideo>> {
      const rows = await withEntryAccess(await repo.findOwnRowsByIds(db, [...new Set(ids)]), viewer);
      return new Map(rows.map((row) => [row.id, presentForEntry(row, viewer)]));
    },

    /**
     * Marks a video as entered in a contest of the brand: My Videos then shows it as a contest
     * entry, and the library names the brand.
     */
    async placeInContest(id: number, contest: { id: number; brandId: number }): Promise<void> {
      await repo.setVideoContest(db, id, contest);
    },

    /**
     * The original file of a video for a caller `canDownloadOriginal` admits (its owner, staff, the
     * brand it was delivered to), for the videos' download and a delivery's master alike: 404 when
     * the caller cannot see the video or its file is gone, 403 when they see it but may not have
     * the original.
     */
    async openOriginal(id: number, user: Caller): Promise<OpenedOriginal> {
      const row = await admittedOriginal(id, user);
      const object = await storage.get(row.originalKey);
      if (!object) throw notFound();
      return { object, ...originalFacts(row, object.size) };
    },

    /**
     * The original file (`openOriginal`'s rule), checked now whoever signed the link: the caller is
     * the bearer token's user or the user a `download_url` token was signed for; 401 without
     * either. A byte range of it when `rangeHeader` asks for one.
     */
    async download(
      id: number,
      caller: { user?: Caller; token?: string },
      rangeHeader?: string,
    ): Promise<OpenedOriginal | { unsatisfiable: number }> {
      const signed = caller.token ? verifyDownloadToken(deps.config.JWT_SECRET, id, caller.token) : null;
      // A link is checked as an access token is: the account still active, its session still open.
      const user = caller.user ?? (await callerOf(signed, isCurrentAccess));
      if (!user) throw new AppError('not_authenticated', MESSAGES.generic.notAuthenticated);
      const row = await admittedOriginal(id, user);
      const info = await storage.stat(row.originalKey);
      if (!info) throw notFound();
      const range = parseRange(rangeHeader, info.size);
      if (range === 'unsatisfiable') return { unsatisfiable: info.size };
      const object = await storage.get(row.originalKey, range ?? undefined);
      if (!object) throw notFound();
      return { object, ...originalFacts(row, info.size) };
    },
  };
}

export type VideosService = ReturnType<typeof createVideosService>;

/**
 * Keeps a creator's videos findable under their new name: their name is in each video's search
 * document. Call it inside the rename's transaction.
 */
export function refreshCreatorVideoSearch(tx: DbOrTx, creatorId: number): Promise<void> {
  return refreshSearchVectors(tx, { ownerId: creatorId });
}

/** The creator's own videos, newest first, any processing state (their dashboard's My Videos). */
export function ownVideosOf(db: DbOrTx, userId: number) {
  return repo.findOwnVideos(db, userId);
}
export type OwnVideo = Awaited<ReturnType<typeof ownVideosOf>>[number];

/** How many videos the creator owns (their stats). */
export function countOwnVideos(db: DbOrTx, userId: number): Promise<number> {
  return repo.countOwnVideos(db, userId);
}

/** The titles and view counts of these videos, by id, in one query (the creator's submissions). */
export async function videoTitlesAndViewsOf(
  db: DbOrTx,
  videoIds: number[],
): Promise<Map<number, { title: string; views: number }>> {
  const rows = await repo.findVideoTitles(db, [...new Set(videoIds)]);
  return new Map(rows.map((row) => [row.id, row]));
}
