import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { LIMITS, MESSAGES, VIDEO_TEXT_LIMITS, VIDEO_TEXT_MESSAGES, type Video } from '@app/domain';
import type { Caller } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { resolveMediaBinaries } from '../../media/binaries';
import { probeVideo, UnusableVideoError } from '../../media/probe';
import {
  EXTENSION_OF,
  peekStream,
  sniffVideoType,
  SNIFF_BYTES,
  type SniffedVideoType,
} from '../../media/sniff';
import { TooLargeError } from '../../storage/storage';
import { checkUploadQuota, storageQuotaExceeded, TUS_EXPIRY_MS } from './upload-quota';
import { releaseResumableSlot, removeExpiredSlots, takeResumableSlot, takeUploadSlot } from './upload-slots';
import * as repo from './videos.repository';
import { refreshSearchVectors } from './video-rows';
import { processVideoJob } from './videos.jobs';
import type { VideosServiceDeps, VideoViews } from './video-views';

/** A file received and checked, not yet a video row. */
interface ReceivedVideo {
  key: string;
  type: SniffedVideoType;
  size: number;
  meta: Awaited<ReturnType<typeof probeVideo>>;
}

/** A video's title and description, as checked by `checkVideoText`. */
interface VideoText {
  title: string;
  description: string;
}

/** One part of a multipart upload form, as @fastify/multipart yields them. */
export type UploadFormPart =
  { type: 'file'; fieldname: string; file: Readable } | { type: 'field'; fieldname: string; value: unknown };

const tooLarge = () => new AppError('payload_too_large', MESSAGES.upload.tooLarge);
const invalidType = () => AppError.validation({ video: [MESSAGES.upload.invalidType] });

function isFileTooLarge(error: unknown): boolean {
  return (
    error instanceof TooLargeError || (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** The first `bytes` bytes of a file (fewer if it is shorter). */
async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

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
  const { storage } = deps;
  const { present, presentFresh, rows: videoRows } = views;

  /**
   * Decides an upload's type from its first bytes, has `store` put it under a new key, then reads
   * it with ffprobe. Anything refused leaves no object behind; `refuse` lets the caller drain
   * what is still arriving.
   */
  const receive = async (
    head: Buffer,
    store: (key: string) => Promise<{ size: number }>,
    refuse?: () => void,
    overQuota?: () => AppError,
  ): Promise<ReceivedVideo> => {
    let key: string | undefined;
    try {
      const type = sniffVideoType(head);
      if (!type) {
        refuse?.();
        throw invalidType();
      }
      key = `videos/${randomUUID()}/original.${EXTENSION_OF[type]}`;
      const { size } = await store(key);
      const copy = await storage.localCopy(key);
      try {
        const meta = await probeVideo(resolveMediaBinaries(deps.config).ffprobe, copy.path, type);
        return { key, type, size, meta };
      } finally {
        await copy.release();
      }
    } catch (error) {
      if (key) await storage.delete(key).catch(() => undefined);
      if (error instanceof UnusableVideoError) throw invalidType();
      if (overQuota && error instanceof TooLargeError && error.maxBytes < LIMITS.maxVideoBytes)
        throw overQuota();
      if (isFileTooLarge(error)) throw tooLarge();
      throw error;
    }
  };

  /**
   * Streams an upload into storage, deciding its type from its first bytes and then ffprobe.
   * Enforces the size limit, and the bytes the creator may still store (`roomBytes`), while the
   * bytes arrive — counted as received, whatever the request declared (a chunked body declares
   * nothing); anything refused leaves no file behind.
   */
  const receiveStream = async (file: Readable, roomBytes: number): Promise<ReceivedVideo> => {
    const { head, stream } = await peekStream(file, SNIFF_BYTES);
    return receive(
      head,
      async (key) => {
        const stored = await storage.put(key, stream, {
          maxBytes: Math.min(LIMITS.maxVideoBytes, roomBytes),
        });
        if ((file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
        return stored;
      },
      () => file.resume(),
      () => {
        file.resume();
        return storageQuotaExceeded(deps.config);
      },
    );
  };

  /**
   * The same checks for a file already on this machine, which is moved into storage rather than
   * copied. The caller removes the file if it is refused.
   */
  const receiveFile = async (file: string): Promise<ReceivedVideo> => {
    const head = await readHead(file, SNIFF_BYTES);
    return receive(head, (key) => storage.putFile(key, file, { maxBytes: LIMITS.maxVideoBytes }));
  };

  /** Forgets a received file (the upload was refused after it arrived). */
  const discard = async (received: ReceivedVideo | undefined): Promise<void> => {
    if (received) await storage.delete(received.key).catch(() => undefined);
  };

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
        ({ roomBytes } = await checkUploadQuota(tx, deps.config, user.id, { incomingBytes }, views.owners));
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
        await checkUploadQuota(tx, deps.config, user.id, usage, views.owners);
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
