import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  captionLanguageSchema,
  MESSAGES,
  VIDEO_CAPTION_MESSAGES,
  VIDEO_DELETE_MESSAGES,
  type Video,
  type VideoUpdateBody,
} from '@app/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toWebVtt } from '../../media/captions';
import type { Caller } from '../../plugins/auth';
import { recordAudit } from '../audit';
import { checkVideoText, type UploadFormPart } from './receiving';
import { checkStoredFileQuota } from './upload-quota';
import * as repo from './videos.repository';
import { refreshSearchVectors } from './video-rows';
import * as processing from './videos.processing';
import { canDeleteVideo, canEditCaptions, canEditVideo } from './videos.policy';
import type { VideosServiceDeps, VideoViews } from './video-views';

/**
 * An approved video whose public text (title, description, caption tracks) its owner changed
 * goes back to the review queue: it leaves the public lists, and /media refuses its files
 * without a signature (`mediaAccess` reads this row), until staff approve it again, so nothing
 * reaches the public without review (issue 30; docs/spec-decisions.md). Audited with the
 * old and new text. Call it in the change's transaction; nothing happens to a video not approved.
 */
async function resubmit(
  tx: DbOrTx,
  row: {
    id: number;
    title: string;
    description: string;
    isApproved: boolean;
    reviewStatus: string;
    originalKey: string;
  },
  user: Caller,
  change: { title?: string; description?: string; caption_language?: string },
): Promise<void> {
  if (!row.isApproved && row.reviewStatus !== 'approved') return;
  await repo.updateVideo(tx, row.id, {
    isApproved: false,
    reviewStatus: 'pending',
    reviewReason: null,
    approvedAt: null,
  });
  await recordAudit(tx, {
    actor: { userId: user.id },
    action: 'video.resubmit',
    targetType: 'video',
    targetId: row.id,
    before: { title: row.title, description: row.description, review_status: 'approved' },
    after: { ...change, review_status: 'pending' },
  });
}

/**
 * The caption form (multipart `language`, `file`): its language tag and the first `file` part's
 * bytes; other file parts are drained unread. 400 for a file over the limit.
 */
async function readCaptionForm(parts: AsyncIterable<UploadFormPart>) {
  let language: string | undefined;
  let bytes: Buffer | undefined;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if ((part.file as Readable & { truncated?: boolean }).truncated)
        throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.tooLarge] });
      bytes = Buffer.concat(chunks);
    } else if (part.fieldname === 'language' && typeof part.value === 'string') {
      language = part.value.trim();
    }
  }
  return { language, bytes };
}

/** The owner's changes to a video (spec §7): captions, title and description, deletion. */
export function createVideoChanges(deps: VideosServiceDeps, views: VideoViews) {
  const db = deps.database.db;
  const { storage } = deps;
  const { present, loadVisible, rows: videoRows, ports } = views;

  return {
    /**
     * Adds or replaces the owner's caption track in one language (multipart `language`, `file`):
     * WebVTT is kept as it is, SRT converted to WebVTT. Others get 404 when they cannot see the
     * video, else 403.
     */
    async addCaptions(id: number, user: Caller, parts: AsyncIterable<UploadFormPart>): Promise<Video> {
      const row = await loadVisible(id, user);
      if (!canEditCaptions(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const { language, bytes } = await readCaptionForm(parts);
      const parsed = captionLanguageSchema.safeParse(language ?? '');
      if (!parsed.success) throw AppError.validation({ language: [VIDEO_CAPTION_MESSAGES.language] });
      if (!bytes?.length) throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.noFile] });
      const vtt = toWebVtt(bytes);
      if (vtt === null) throw AppError.validation({ file: [VIDEO_CAPTION_MESSAGES.invalidFile] });
      const file = Buffer.from(vtt);
      const previous = row.captions.find((c) => c.language.toLowerCase() === parsed.data.toLowerCase());
      await checkStoredFileQuota(
        db,
        deps.config,
        row.ownerId,
        { incomingBytes: file.length, replacedBytes: previous?.bytes ?? 0 },
        ports,
      );
      const key = `${processing.videoFolder(row.originalKey)}captions/${parsed.data.toLowerCase()}-${randomUUID().slice(0, 8)}.vtt`;
      await storage.put(key, file);
      const replaced = await db
        .transaction(async (tx) => {
          const old = await repo.replaceCaption(tx, id, parsed.data, key, file.length);
          await resubmit(tx, row, user, { caption_language: parsed.data });
          return old;
        })
        .catch(async (error: unknown) => {
          await storage.delete(key).catch(() => undefined);
          throw error;
        });
      if (replaced) await storage.delete(replaced).catch(() => undefined);
      return present((await videoRows.findVideo(db, id))!, user);
    },

    /**
     * Owner only: title and description. Others get 404 when they cannot see it, else 403. New text
     * on an approved video sends it back to review (`resubmit`).
     */
    async update(id: number, user: Caller, input: VideoUpdateBody): Promise<Video> {
      const row = await loadVisible(id, user);
      if (!canEditVideo(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const text = checkVideoText({
        title: input.title ?? row.title,
        description: input.description ?? row.description,
      });
      if (text.title === row.title && text.description === row.description) return present(row, user);
      await db.transaction(async (tx) => {
        await repo.updateVideo(tx, id, text);
        await resubmit(tx, row, user, text);
      });
      await refreshSearchVectors(db, [id]);
      return present((await videoRows.findVideo(db, id))!, user);
    },

    /**
     * Owner or staff; removes the files too. Others get 404 when they cannot see it, else 403. A
     * video entered in a contest is kept with its entry: 409 with what the creator can do. Staff
     * deleting someone else's video is audited.
     */
    async remove(id: number, user: Caller): Promise<void> {
      const row = await loadVisible(id, user);
      if (!canDeleteVideo(user, row)) throw new AppError('forbidden', MESSAGES.generic.forbidden);
      const entered = () => new AppError('video_entered', VIDEO_DELETE_MESSAGES.entered);
      await db
        .transaction(async (tx) => {
          if (await ports.isVideoEntered(tx, id)) throw entered();
          await repo.deleteVideo(tx, id);
          if (user.id !== row.ownerId)
            await recordAudit(tx, {
              actor: { userId: user.id },
              action: 'video.delete',
              targetType: 'video',
              targetId: id,
              before: {
                title: row.title,
                owner_id: row.ownerId,
                review_status: row.reviewStatus,
                is_approved: row.isApproved,
              },
              after: null,
            });
        })
        .catch((error: unknown) => {
          // Entered between the check and the delete: entry_versions' foreign key refused it.
          if ((error as { code?: string; cause?: { code?: string } }).code === '23503') throw entered();
          if ((error as { cause?: { code?: string } }).cause?.code === '23503') throw entered();
          throw error;
        });
      await storage.deletePrefix(processing.videoFolder(row.originalKey)).catch((error: unknown) => {
        deps.log.warn({ err: error, videoId: id }, 'could not remove the files of a deleted video');
      });
    },
  };
}
