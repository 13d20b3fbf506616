import type { Readable } from 'node:stream';
import { MESSAGES, VIDEO_TEXT_LIMITS, VIDEO_TEXT_MESSAGES, type Video } from '@app/domain';
import type { Caller } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { createIncomingFiles, type ReceivedVideo } from './incoming-files';
import { createNewVideos, type VideoText } from './new-videos';
import { checkUploadQuota, TUS_EXPIRY_MS } from './upload-quota';
import { releaseResumableSlot, removeExpiredSlots, takeResumableSlot, takeUploadSlot } from './upload-slots';
import * as repo from './videos.repository';
import type { VideosServiceDeps, VideoViews } from './video-views';

/** One part of a multipart upload form, as @fastify/multipart yields them. */
export type UploadFormPart =
  { type: 'file'; fieldname: string; file: Readable } | { type: 'field'; fieldname: string; value: unknown };

/** Checks title and description (spec §5: a blank title is refused, the description is optional). */
export function checkVideoText(input: {
  title?: string | undefined;
  description?: string | undefined;
}): VideoText {
  const title = (input.title ?? '').trim();
  const description = (input.description ?? '').trim();
  if (!title) throw AppError.validation({ title: [MESSAGES.upload.noTitle] });
  if (title.length > VIDEO_TEXT_LIMITS.titleMax)
    throw AppError.validation({ title: [VIDEO_TEXT_MESSAGES.titleTooLong] });
  if (description.length > VIDEO_TEXT_LIMITS.descriptionMax)
    throw AppError.validation({ description: [VIDEO_TEXT_MESSAGES.descriptionTooLong] });
  return { title, description };
}

/**
 * Receiving videos (spec §5): the multipart upload, resumable (tus) uploads finished into a video,
 * and imports of files on this machine; each file is checked by its bytes and ffprobe, and its
 * processing queued.
 */
export function createVideoReceiving(deps: VideosServiceDeps, views: VideoViews) {
  const db = deps.database.db;
  const { present, presentFresh, rows: videoRows } = views;
  const { receiveStream, receiveFile, discard } = createIncomingFiles(deps);
  const { insert, createVideo } = createNewVideos(deps, views);

  return {
    /**
     * The multipart upload (spec §5): the first `video` file part is streamed into storage and
     * checked, `title` and `description` come from the text fields, and the video is created with
     * its processing queued. Other file parts are drained unread. Anything refused (no file, a
     * wrong type, too large, a blank title) leaves no file behind.
     */
    async uploadVideo(
      user: Caller,
      parts: AsyncIterable<UploadFormPart>,
      { incomingBytes = 0 }: { incomingBytes?: number } = {},
    ): Promise<Video> {
      const fields: Record<string, string> = {};
      let received: ReceivedVideo | undefined;
      let roomBytes = 0;
      // The quotas, and a slot among the creator's uploads at once, counted in every app process.
      const finished = await takeUploadSlot(db, user.id, async (tx) => {
        ({ roomBytes } = await checkUploadQuota(tx, deps.config, user.id, { incomingBytes }, views.ports));
      });
      try {
        for await (const part of parts) {
          if (part.type === 'file') {
            if (part.fieldname !== 'video' || received) {
              part.file.resume();
              continue;
            }
            received = await receiveStream(part.file, roomBytes);
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        if (!received) throw AppError.validation({ video: [MESSAGES.upload.noFile] });
        const text = checkVideoText({ title: fields.title, description: fields.description });
        return await createVideo(user, received, text);
      } catch (error) {
        await discard(received);
        throw error;
      } finally {
        await finished();
      }
    },

    /**
     * Lets resumable upload `uploadId` of `incomingBytes` begin if `user` is within their quotas
     * (UPLOAD_QUOTAS) and the server's disk has room: it then holds a slot among the creator's
     * uploads at once until `endResumableUpload`, or until it expires. Throws the refusal.
     */
    async startResumableUpload(user: Caller, uploadId: string, usage: { incomingBytes: number }) {
      await takeResumableSlot(db, user.id, uploadId, TUS_EXPIRY_MS, async (tx) => {
        await checkUploadQuota(tx, deps.config, user.id, usage, views.ports);
      });
    },

    /** Resumable upload `uploadId` finished, was cancelled or could not be created: its slot is free. */
    async endResumableUpload(uploadId: string) {
      await releaseResumableSlot(db, uploadId);
    },

    /**
     * Removes the slots, and the records of uploads, that no longer count (housekeeping: the tus
     * sweep calls it hourly).
     */
    async removeExpiredUploadSlots() {
      await removeExpiredSlots(db);
      await repo.removeOldVideoUploads(db, new Date(Date.now() - 2 * 24 * 3600 * 1000));
    },

    /**
     * A finished resumable upload (a file on this machine) becomes a video exactly as a multipart
     * upload does: the same checks, the file moved into storage, processing queued. The caller
     * removes the file if it is refused.
     */
    async createVideoFromFile(
      user: Caller,
      file: string,
      input: { title?: string | undefined; description?: string | undefined },
      { uploadId }: { uploadId?: string } = {},
    ): Promise<Video> {
      // Finishing is idempotent per upload (issue 18, L3): a second finish — a client's retry
      // while the first was still copying to S3 — gets the same video, never a second one.
      const existing = async () => {
        const id = uploadId ? await repo.findVideoIdByUpload(db, uploadId) : undefined;
        return id === undefined ? undefined : presentFresh(id, user);
      };
      const before = await existing();
      if (before) return before;
      let received: ReceivedVideo | undefined;
      try {
        const text = checkVideoText(input);
        received = await receiveFile(file).catch(async (error: unknown) => {
          // The file went away: another finish of this upload moved it and is making the video.
          if (uploadId && (error as NodeJS.ErrnoException).code === 'ENOENT') {
            for (let waited = 0; waited < 120_000; waited += 250) {
              const made = await existing();
              if (made) throw Object.assign(new Error('already finished'), { made });
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          }
          throw error;
        });
        return await createVideo(user, received, text, uploadId);
      } catch (error) {
        const made = (error as { made?: Video }).made;
        if (made) return made;
        await discard(received);
        throw error;
      }
    },

    /**
     * Adds a video from a file on this machine (moved into storage) without queueing its
     * processing: the caller runs `processVideo` itself. Made for content that is not uploaded,
     * such as the demo videos; the video is not approved.
     */
    async importVideo(
      file: string,
      details: {
        ownerId: number;
        title: string;
        description: string;
        /** The contest it was made for, with the contest's brand. */
        contest: { id: number; brandId: number } | null;
        createdAt: Date;
      },
    ): Promise<Video> {
      const text = checkVideoText(details);
      const received = await receiveFile(file);
      const id = await insert(details.ownerId, received, text, details);
      return present((await videoRows.findVideo(db, id))!);
    },
  };
}
