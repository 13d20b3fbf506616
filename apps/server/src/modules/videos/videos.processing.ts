import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../../app-deps';
import { resolveMediaBinaries } from '../../media/binaries';
import { FAILURE_REASONS, probeVideo, UnusableVideoError } from '../../media/probe';
import { makePoster, makePreview, pickStart } from '../../media/renditions';
import { ToolError } from '../../media/run';
import { findVideo, updateVideo } from './videos.repository';

export type VideoProcessingDeps = Pick<AppDeps, 'database' | 'storage' | 'config' | 'log'>;

/** Folder of a video's files: every key of one video shares it. */
export function videoFolder(originalKey: string): string {
  return originalKey.slice(0, originalKey.lastIndexOf('/') + 1);
}

/**
 * Probes the original, stores its metadata, then makes the poster and the preview. A file that
 * cannot become a video fails at once with a reason its owner can read; anything else (a
 * timeout, storage trouble) is thrown to be retried, and the last attempt records the failure, so
 * a video never stays 'processing' for ever.
 */
export async function processVideo(
  deps: VideoProcessingDeps,
  videoId: number,
  { lastAttempt }: { lastAttempt: boolean },
): Promise<void> {
  const db = deps.database.db;
  const video = await findVideo(db, videoId);
  if (!video) return; // deleted meanwhile
  const { ffmpeg, ffprobe } = resolveMediaBinaries(deps.config);
  const work = await mkdtemp(path.join(os.tmpdir(), 'process-video-'));
  const source = await deps.storage.localCopy(video.originalKey);
  try {
    const meta = await probeVideo(ffprobe, source.path);
    await updateVideo(db, videoId, {
      durationSeconds: meta.durationSeconds,
      width: meta.width,
      height: meta.height,
      videoCodec: meta.videoCodec,
      audioCodec: meta.audioCodec,
      frameRate: meta.frameRate,
    });
    const start = pickStart(meta.durationSeconds);
    const poster = path.join(work, 'poster.jpg');
    const preview = path.join(work, 'preview.mp4');
    await makePoster(ffmpeg, source.path, poster, start);
    await makePreview(ffmpeg, source.path, preview, start);
    const folder = videoFolder(video.originalKey);
    await deps.storage.put(`${folder}poster.jpg`, createReadStream(poster));
    await deps.storage.put(`${folder}preview.mp4`, createReadStream(preview));
    await updateVideo(db, videoId, {
      posterKey: `${folder}poster.jpg`,
      previewKey: `${folder}preview.mp4`,
      status: 'ready',
      failureReason: null,
    });
  } catch (error) {
    if (error instanceof UnusableVideoError) {
      await updateVideo(db, videoId, { status: 'failed', failureReason: error.reason });
      return;
    }
    if (lastAttempt) {
      const reason =
        error instanceof ToolError && error.timedOut ? FAILURE_REASONS.tooSlow : FAILURE_REASONS.internal;
      await updateVideo(db, videoId, { status: 'failed', failureReason: reason });
      deps.log.error({ err: error, videoId }, 'video processing failed for good');
      return;
    }
    throw error;
  } finally {
    await source.release();
    await rm(work, { recursive: true, force: true });
  }
}
