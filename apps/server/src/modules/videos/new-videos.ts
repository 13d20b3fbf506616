import type { Video } from '@app/domain';
import type { Caller } from '../../plugins/auth';
import type { ReceivedVideo } from './incoming-files';
import * as repo from './videos.repository';
import { refreshSearchVectors } from './video-rows';
import { processVideoJob } from './videos.jobs';
import type { VideosServiceDeps, VideoViews } from './video-views';

/** A video's title and description, as checked by `checkVideoText` (receiving.ts). */
export interface VideoText {
  title: string;
  description: string;
}

/** A received file becomes a video: its row, findable by search, and its processing queued. */
export function createNewVideos(deps: VideosServiceDeps, { presentFresh }: VideoViews) {
  const db = deps.database.db;
  const { storage } = deps;

  /** The video row for a received file, findable by search; its file is removed if this fails. */
  const insert = async (
    ownerId: number,
    received: ReceivedVideo,
    text: VideoText,
    placement: { contest?: { id: number; brandId: number } | null; createdAt?: Date; uploadId?: string } = {},
  ): Promise<number> => {
    try {
      const values: repo.NewVideo = {
        ownerId,
        title: text.title,
        description: text.description,
        contestId: placement.contest?.id ?? null,
        contestBrandId: placement.contest?.brandId ?? null,
        ...(placement.createdAt ? { createdAt: placement.createdAt } : {}),
        originalKey: received.key,
        originalType: received.type,
        sizeBytes: received.size,
        status: 'processing',
        durationSeconds: received.meta.durationSeconds,
        width: received.meta.width,
        height: received.meta.height,
        videoCodec: received.meta.videoCodec,
        audioCodec: received.meta.audioCodec,
        frameRate: received.meta.frameRate,
      };
      let id: number;
      if (placement.uploadId) {
        const inserted = await repo.insertVideoOnce(db, { ...values, uploadId: placement.uploadId });
        if (inserted === null) {
          // Another finish of the same upload was first: its video stands, this copy goes.
          await storage.delete(received.key).catch(() => undefined);
          return (await repo.findVideoIdByUpload(db, placement.uploadId))!;
        }
        id = inserted;
      } else {
        id = await repo.insertVideo(db, values);
      }
      await repo.recordVideoUpload(db, ownerId, placement.createdAt);
      await refreshSearchVectors(db, [id]);
      return id;
    } catch (error) {
      await storage.delete(received.key).catch(() => undefined);
      throw error;
    }
  };

  /**
   * Queues a video's processing, fairly: a creator's n-th video waiting for processing gets
   * priority -(n-1), and the queue takes higher priorities first (oldest first among equals), so
   * another creator's first upload goes before the rest of one creator's backlog.
   */
  const queueProcessing = async (videoId: number, ownerId: number) => {
    const waiting = (await repo.uploadUsage(db, ownerId, new Date())).processing;
    await deps.queue.send(processVideoJob, { videoId }, { priority: -Math.max(0, waiting - 1) });
  };

  /** Creates the video row for a received file and queues its processing. */
  const createVideo = async (
    user: Caller,
    received: ReceivedVideo,
    text: VideoText,
    uploadId?: string,
  ): Promise<Video> => {
    const id = await insert(user.id, received, text, uploadId ? { uploadId } : {});
    await queueProcessing(id, user.id);
    return presentFresh(id, user);
  };

  return { insert, createVideo };
}
