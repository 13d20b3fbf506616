import type { EntryVideo, Video } from '@app/domain';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { createVideoChanges } from './owner-changes';
import { createVideoOriginals } from './originals';
import { createVideoReceiving } from './receiving';
import { createVideoReview } from './review';
import { createVideoQcReport } from './qc-report';
import * as repo from './videos.repository';
import { refreshSearchVectors } from './video-rows';
import type { VideosPorts } from './videos.ports';
import * as processing from './videos.processing';
import { createVideoViews, notFound, type VideosServiceDeps } from './video-views';

export type { VideosServiceDeps } from './video-views';
export type { VideosPorts } from './videos.ports';
export { checkVideoText, type UploadFormPart } from './receiving';
export { createVideoLibrary, type VideoAwardsLookup } from './library';

/**
 * Videos (spec §7): everything the service offers is listed here, each method delegating to the
 * part that implements it (and documents it): receiving uploads, staff's review, the owner's
 * changes, the original's download; the reads other modules make and who may fetch media are
 * written here. The library's list, search and video page are `createVideoLibrary`.
 */
export function createVideosService(deps: VideosServiceDeps, ports: VideosPorts) {
  const db = deps.database.db;
  const views = createVideoViews(deps, ports);
  const { present, presentForEntry, withEntryAccess, rows: videoRows } = views;
  const receiving = createVideoReceiving(deps, views);
  const review = createVideoReview(deps, views);
  const changes = createVideoChanges(deps, views);
  const originals = createVideoOriginals(deps, views);
  const qc = createVideoQcReport(deps, views);

  return {
    // Receiving videos (receiving.ts).
    uploadVideo: receiving.uploadVideo,
    startResumableUpload: receiving.startResumableUpload,
    endResumableUpload: receiving.endResumableUpload,
    removeExpiredUploadSlots: receiving.removeExpiredUploadSlots,
    createVideoFromFile: receiving.createVideoFromFile,
    importVideo: receiving.importVideo,

    // Staff's review (review.ts).
    review: review.review,
    reviewQueue: review.reviewQueue,
    reviewMany: review.reviewMany,

    // The owner's changes (owner-changes.ts).
    addCaptions: changes.addCaptions,
    update: changes.update,
    remove: changes.remove,

    // The original file (originals.ts).
    openOriginal: originals.openOriginal,
    download: originals.download,

    // The technical check, queued when processing is done (video-qc.ts, qc-report.ts).
    qcReport: qc.report,
    qcJudgedFor: qc.judgedFor,

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
